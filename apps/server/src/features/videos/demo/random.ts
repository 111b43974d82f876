import { gaussian, mix32 } from '../../keywords';

/*
 * The demo generator's randomness: one stream of uniform numbers per entity of each kind, so every
 * record is a pure function of the seed and its index, and adding draws to one kind never shifts another.
 */

/** Stream kinds: each entity kind draws from its own stream. */
export const Stream = {
  CreatorField: 1,
  Creator: 2,
  VideoCreator: 3,
  Video: 4,
  Comments: 5,
  Trend: 6,
  Portrait: 7,
  Live: 8,
  Topic: 9,
  History: 10,
  Transcript: 11,
  Title: 12,
} as const;

/** A stream of uniform numbers in [0, 1) for one entity of one kind. */
export function streamFor(seed: number, kind: number, index: number) {
  let counter = 0;
  const base = mix32(seed, kind);
  return () => mix32(base, index * 97 + counter++) / 2 ** 32;
}

export const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!;

/** Fills `{x}` slots of a template; a slot without a value is left empty. */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w)\}/g, (_, key: string) => values[key] ?? '');

/** The keyword demo's normal draw, so both demos spread their figures alike. */
export { gaussian };

export const logNormal = (random: () => number, sigma: number) => Math.exp(gaussian(random) * sigma);

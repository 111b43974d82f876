import { mix32 } from '../../keywords';

/*
 * The demo's platform ids. A record's indexes are written into its id, so the sandbox provider finds the
 * record from its id without generating the rest; a check of the seed makes another seed's id unknown.
 */

const CREATOR_ID_PREFIX = 'MS4wLjABAAAA';
const digits = (value: number, width: number) => String(value).padStart(width, '0');
const check = (seed: number, kind: number, index: number, width: number) =>
  digits(mix32(seed, kind * 1_000 + index) % 10 ** width, width);

/** A creator's platform id, shaped like Douyin's sec_uid; the index in base 36 after a check. */
export function demoCreatorId(seed: number, index: number): string {
  return `${CREATOR_ID_PREFIX}dso${check(seed, 1, index, 4)}${index.toString(36)}`;
}

/** The index of a demo creator id of this seed, or null. */
export function creatorIndexOf(seed: number, userId: string): number | null {
  const match = /^MS4wLjABAAAAdso(\d{4})([0-9a-z]+)$/.exec(userId);
  if (!match) return null;
  const index = Number.parseInt(match[2]!, 36);
  return Number.isSafeInteger(index) && demoCreatorId(seed, index) === userId ? index : null;
}

/** A 19-digit aweme id: 7, a check, the creator's index (7 digits) and the video's (8). */
export function demoAwemeId(seed: number, creator: number, index: number): string {
  return `7${check(seed, 2, index, 3)}${digits(creator, 7)}${digits(index, 8)}`;
}

/** The creator and video indexes of a demo aweme id of this seed, or null. */
export function videoIndexOf(seed: number, awemeId: string): { creator: number; index: number } | null {
  const match = /^7\d{3}(\d{7})(\d{8})$/.exec(awemeId);
  if (!match) return null;
  const creator = Number(match[1]);
  const index = Number(match[2]);
  return demoAwemeId(seed, creator, index) === awemeId ? { creator, index } : null;
}

/** A live session's 19-digit room id: 73, a check, the creator's index (7 digits) and the session's (7). */
export function demoRoomId(seed: number, creator: number, index: number): string {
  return `73${check(seed, 3, index, 3)}${digits(creator, 7)}${digits(index, 7)}`;
}

import type { TsoTopicKind } from '@dso/contract';
import { mix32 } from './generator';
import { overseasTopics } from './vocabulary';

/**
 * Demo TSO topic lists (/KeywordTSOList/): hashtags made from the overseas topic words. ecoTopic are
 * shopping hashtags (#skincarehaul, #tiktokmademebuyit), creativeIdeaTopics creative formats
 * (#outfitideas, #mealprephacks). Views follow a Zipf-like curve with noise; everything depends only
 * on the seed, the country and the topic.
 */

const ecoSuffixes = ['haul', 'finds', 'deals', 'review', 'musthaves', 'unboxing', 'dupe', 'sale', 'favorites', 'shop'];
const creativeSuffixes = [
  'ideas',
  'hacks',
  'tips',
  'diy',
  'challenge',
  'tutorial',
  'aesthetic',
  'transformation',
  'routine',
  'inspo',
];
const ecoExtras = ['tiktokmademebuyit', 'amazonfinds', 'tiktokshop', 'founditonamazon', 'smallbusiness', 'giftideas'];
const creativeExtras = ['fyp', 'storytime', 'dayinmylife', 'grwm', 'beforeandafter', 'lifehacks'];

/** Relative size of each country's audience (views scale). */
const countryScale: Record<string, number> = { US: 1, GB: 0.35, JP: 0.3, ID: 0.6, BR: 0.55 };

export interface DemoTopic {
  kind: TsoTopicKind;
  country: string;
  topic: string;
  views: number;
  videoCount: number;
  growthRate: number;
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** The topics of one list of one country, most viewed first. */
export function generateTsoTopics(options: {
  kind: TsoTopicKind;
  country: string;
  seed: number;
  count: number;
}): DemoTopic[] {
  const suffixes = options.kind === 'ecoTopic' ? ecoSuffixes : creativeSuffixes;
  const extras = options.kind === 'ecoTopic' ? ecoExtras : creativeExtras;
  const names = [...extras];
  for (let i = 0; names.length < options.count && i < overseasTopics.length * suffixes.length; i++) {
    const topic = overseasTopics[i % overseasTopics.length]!.replace(/\s+/g, '');
    const suffix = suffixes[Math.floor(i / overseasTopics.length) % suffixes.length]!;
    names.push(`${topic}${suffix}`);
  }
  const seed = mix32(
    options.seed,
    [...`${options.kind}${options.country}`].reduce((h, c) => h * 31 + c.charCodeAt(0), 11),
  );
  const scale = countryScale[options.country] ?? 0.2;
  return names.slice(0, options.count).map((topic, rank) => {
    let counter = 0;
    const random = () => mix32(seed, rank * 8 + counter++) / 2 ** 32;
    const views = Math.round((2e9 * scale * Math.exp(gaussian(random) * 0.5)) / (rank + 1) ** 0.9);
    return {
      kind: options.kind,
      country: options.country,
      topic,
      views,
      videoCount: Math.max(10, Math.round((views / (8_000 + random() * 40_000)) * 1)),
      growthRate: Math.round((random() * 1.6 - 0.3) * 1000) / 1000,
    };
  });
}

import type { TsoTopicKind } from '@dso/contract';
import { mix32 } from './generator';
import { overseasLanguage } from './overseas';

/**
 * Demo TSO topic lists (/KeywordTSOList/): hashtags made from the country's topic words in its own
 * language. ecoTopic are shopping hashtags (#skincarehaul, #スキンケア購入品, #racunshopee),
 * creativeIdeaTopics creative formats (#outfitideas, #ヘアアレンジやり方, #dicas). Views follow a
 * Zipf-like curve with noise; everything depends only on the seed, the country and the topic.
 */

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
  const language = overseasLanguage(options.country);
  const { hashtags } = language;
  const eco = options.kind === 'ecoTopic';
  // Shopping hashtags are made of things people buy, creative ones of dishes and activities.
  const topics = language.topics.filter(([, , kind]) => (kind === 'product') === eco);
  const suffixes = eco ? hashtags.eco : hashtags.creative;
  const names = new Set(eco ? hashtags.ecoExtras : hashtags.creativeExtras);
  for (let i = 0; names.size < options.count && i < topics.length * suffixes.length; i++) {
    const topic = topics[i % topics.length]![0].replace(/\s+/g, '');
    const suffix = suffixes[Math.floor(i / topics.length) % suffixes.length]!;
    names.add(`${topic}${suffix}`);
  }
  const seed = mix32(
    options.seed,
    [...`${options.kind}${options.country}`].reduce((h, c) => h * 31 + c.charCodeAt(0), 11),
  );
  const scale = countryScale[options.country] ?? 0.2;
  return [...names].slice(0, options.count).map((topic, rank) => {
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

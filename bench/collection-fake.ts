import { readFileSync } from 'node:fs';
import { startFakeTikhub } from '@dso/server/platform-data/fake-tikhub';

/**
 * The vendor of the collection benchmark, in its own process as a real vendor is: the TikHub fake answering the
 * 下拉词 of every word in the JSON file named by COLLECT_BENCH_WORDS (five other words of the list and one the
 * library lacks), then one JSON line with its URL.
 */
const words = JSON.parse(readFileSync(process.env.COLLECT_BENCH_WORDS ?? '', 'utf8')) as string[];
const fake = await startFakeTikhub({ apiKey: 'bench-key' });
words.forEach((word, index) => {
  const others = [1, 2, 3, 5, 8].map((step) => words[(index + step) % words.length]!);
  fake.setSuggestions(word, [...others, `${word}推荐`]);
});
console.log(JSON.stringify({ url: fake.url }));
process.once('SIGTERM', () => void fake.close().then(() => process.exit(0)));

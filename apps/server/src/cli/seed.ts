import { parseArgs } from 'node:util';
import { platformSchema } from '@dso/contract';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedKeywords } from '../features/keywords';
import { withSearchIndexesRebuilt } from '../features/keywords/import/bulk-load';
import { firstRunVideoOptions, seedVideoDemo, withVideoIndexesRebuilt } from '../features/videos/demo/seed';
import { demoAsOf } from '../startup';

/**
 * `npm run seed -- --keywords N [--platform DSO] [--country US] [--seed 1]`: fills one library with N
 * generated keywords in the configured database (DATABASE_URL, else PGlite under DATA_DIR). Large
 * runs rebuild the search indexes once at the end.
 *
 * `npm run seed -- --videos N [--creators N] [--comments-per-video N]`: the demo video library at
 * benchmark size (creators, works with comments, keyword links, topics; the first 20,000 works and
 * creators with trends, portraits, follower history and hot words). Without --keywords only videos
 * are seeded; seed the keyword library first for the keyword links. Large runs rebuild the video
 * tables' indexes once at the end.
 */
const { values } = parseArgs({
  options: {
    keywords: { type: 'string' },
    platform: { type: 'string', default: 'DSO' },
    country: { type: 'string', default: '' },
    seed: { type: 'string', default: '1' },
    trends: { type: 'boolean', default: false },
    videos: { type: 'string' },
    creators: { type: 'string' },
    'comments-per-video': { type: 'string', default: '4' },
  },
});

const positive = (value: string | undefined, name: string, fallback: number) => {
  const number = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`--${name} must be a whole number`);
  return number;
};
const videoCount = positive(values.videos, 'videos', 0);
const keywordCount = positive(values.keywords, 'keywords', videoCount > 0 ? 0 : 100_000);
const creatorCount = positive(values.creators, 'creators', Math.max(1, Math.ceil(videoCount / 10)));
const commentsPerVideo = positive(values['comments-per-video'], 'comments-per-video', 4);
const platform = platformSchema.parse(values.platform);
const country = platform === 'TSO' ? values.country || 'US' : '';

const config = loadConfig();
const handle = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
await handle.migrate();
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);

if (keywordCount > 0) {
  const load = () =>
    seedKeywords(handle.db, {
      scopes: [{ platform, country, count: keywordCount }],
      seed: Number(values.seed),
      asOf: demoAsOf(),
      withTrends: values.trends,
      onProgress: (_scope, done, total) => {
        if (done % 500_000 < 5_000 || done === total)
          log(`${done.toLocaleString()} / ${total.toLocaleString()} keywords`);
      },
    });
  if (keywordCount >= 200_000) await withSearchIndexesRebuilt(handle, load, log);
  else await load();
}

if (videoCount > 0) {
  const detailed = 20_000;
  let reported = 0;
  const load = async () => {
    const seeded = await seedVideoDemo(
      handle.db,
      {
        ...firstRunVideoOptions(demoAsOf()),
        creators: creatorCount,
        videos: videoCount,
        commentsPerVideo,
        detailedVideos: Math.min(videoCount, detailed),
        detailedCreators: Math.min(creatorCount, detailed),
        liveSessions: Math.min(300, creatorCount),
        topics: 200,
        now: new Date(),
      },
      undefined,
      (counts) => {
        if (counts.videos - reported >= 100_000 || (counts.videos === videoCount && reported < videoCount)) {
          reported = counts.videos;
          const seconds = (Date.now() - started) / 1000;
          const rows = counts.creators + counts.videos + counts.comments + counts.keywordLinks;
          log(
            `${counts.videos.toLocaleString()} / ${videoCount.toLocaleString()} videos, ${counts.comments.toLocaleString()} comments (${Math.round(rows / seconds).toLocaleString()} rows/s)`,
          );
        }
      },
    );
    const rows = seeded.creators + seeded.videos + seeded.comments + seeded.keywordLinks;
    log(
      `seeded ${seeded.creators.toLocaleString()} creators, ${seeded.videos.toLocaleString()} videos, ${seeded.comments.toLocaleString()} comments, ${seeded.keywordLinks.toLocaleString()} keyword links in ${(seeded.ms / 1000).toFixed(0)} s (${Math.round(rows / (seeded.ms / 1000)).toLocaleString()} rows/s)`,
    );
  };
  if (videoCount >= 200_000) await withVideoIndexesRebuilt(handle.db, load, log);
  else await load();
}
log('done');
await handle.close();

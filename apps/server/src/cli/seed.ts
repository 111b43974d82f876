import { parseArgs } from 'node:util';
import { platformSchema } from '@dso/contract';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedKeywords } from '../features/keywords/demo/seed';
import { withSearchIndexesRebuilt } from '../features/keywords/import/bulk-load';
import { demoAsOf } from '../startup';

/**
 * `npm run seed -- --keywords N [--platform DSO] [--country US] [--seed 1]`: fills one library with N
 * generated keywords in the configured database (DATABASE_URL, else PGlite under DATA_DIR). Large
 * runs rebuild the search indexes once at the end.
 */
const { values } = parseArgs({
  options: {
    keywords: { type: 'string', default: '100000' },
    platform: { type: 'string', default: 'DSO' },
    country: { type: 'string', default: '' },
    seed: { type: 'string', default: '1' },
    trends: { type: 'boolean', default: false },
  },
});

const count = Number(values.keywords);
if (!Number.isInteger(count) || count < 1) throw new Error('--keywords must be a positive integer');
const platform = platformSchema.parse(values.platform);
const country = platform === 'TSO' ? values.country || 'US' : '';

const config = loadConfig();
const handle = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
await handle.migrate();
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);
const load = () =>
  seedKeywords(handle.db, {
    scopes: [{ platform, country, count }],
    seed: Number(values.seed),
    asOf: demoAsOf(),
    withTrends: values.trends,
    onProgress: (_scope, done, total) => {
      if (done % 500_000 < 5_000 || done === total)
        log(`${done.toLocaleString()} / ${total.toLocaleString()} keywords`);
    },
  });
if (count >= 200_000) await withSearchIndexesRebuilt(handle, load, log);
else await load();
log('done');
await handle.close();

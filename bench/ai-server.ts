import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildApp } from '@dso/server';
import { loadConfig } from '@dso/server/config';
import { openDatabase } from '@dso/server/db';
import { startInProcessWorker } from '@dso/server/startup';
import { createUser, createVideo, loginAs } from '@dso/server/testing';

/**
 * The server of the AI benchmark, in its own process so that its memory is its own and the load
 * generator does not share its event loop. PGlite in a fresh folder, as `npm start` opens it (an in-memory
 * one runs initdb inside this process, which keeps ~600 MB resident for good and would hide what the
 * streams cost; docs/keywords.md, "Embedded memory"); the model and speech providers are the
 * real OpenAI-compatible adapters pointed (by the environment, like a deployment) at the benchmark's
 * fake vendors. Makes AI_BENCH_USERS SVIP users and AI_BENCH_VIDEOS library videos whose play address is
 * AI_BENCH_PLAY_URL, and prints one JSON line: its URL, the users' tokens and the videos' ids. Then reads
 * commands on stdin, one a line:
 * - `memory`: answers a JSON line of RSS and heap used now and their peaks (sampled every 10 ms) in MB;
 * - `reset`: starts the peaks again from now, answering `reset`.
 */
const userCount = Number(process.env.AI_BENCH_USERS ?? 101);
const videoCount = Number(process.env.AI_BENCH_VIDEOS ?? 100);
const dataDir = mkdtempSync(path.join(tmpdir(), 'dso-bench-ai-db-'));
const database = await openDatabase({ dataDir });
await database.migrate();
const app = await buildApp({
  config: { ...loadConfig({ ...process.env, LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' }), webDist: undefined },
  database,
  logger: false,
});
const url = await app.listen({ host: '127.0.0.1', port: 0 });
const tokens: string[] = [];
for (let index = 0; index < userCount; index++) {
  // Sessions are capped per user: one user each, so no stream's session kicks another's.
  tokens.push(await loginAs(database.db, (await createUser(database.db, { grade: 'SVIP' })).id));
}
const awemeIds: string[] = [];
for (let index = 0; index < videoCount; index++) {
  const video = await createVideo(database.db, {
    desc: `露营装备第${index + 1}期`,
    playUrl: process.env.AI_BENCH_PLAY_URL ?? null,
    durationMs: 2_000,
  });
  awemeIds.push(video.awemeId);
}

const MB = 1024 * 1024;
let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const { rss, heapUsed } = process.memoryUsage();
  peakRss = Math.max(peakRss, rss);
  peakHeap = Math.max(peakHeap, heapUsed);
  return { rss, heapUsed };
};
setInterval(sample, 10).unref();

// The batch extraction runs as a job, served here as by `npm start` (JOBS_IN_PROCESS).
const worker = startInProcessWorker(app);
console.log(JSON.stringify({ url, tokens, awemeIds, kind: database.kind }));

const commands = createInterface({ input: process.stdin });
commands.on('line', (line) => {
  const command = line.trim();
  if (command === 'memory') {
    const now = sample();
    console.log(
      JSON.stringify({
        rssMb: +(now.rss / MB).toFixed(1),
        heapMb: +(now.heapUsed / MB).toFixed(1),
        peakRssMb: +(peakRss / MB).toFixed(1),
        peakHeapMb: +(peakHeap / MB).toFixed(1),
      }),
    );
  } else if (command === 'reset') {
    const now = sample();
    peakRss = now.rss;
    peakHeap = now.heapUsed;
    console.log('"reset"');
  }
});

const stop = async () => {
  await worker?.stop();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());

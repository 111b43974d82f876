import { Writable } from 'node:stream';
import { buildApp } from '@dso/server';
import { loadConfig } from '@dso/server/config';
import { openDatabase } from '@dso/server/db';
import { startInProcessWorker } from '@dso/server/startup';
import { createUser, loginAs, staffWithCookie } from '@dso/server/testing';

/**
 * The server of the import benchmark, in its own process like a real one (in-memory PGlite, the job worker in
 * process, request limits off so the measuring client is never throttled). Prints one JSON line: its URL, a VIP
 * user's token and a 数据 staff member's console cookie; then one line per job the worker finishes, so the benchmark can tell the
 * import from the derive that follows it.
 */
const jobLines = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    for (const line of chunk.toString().split('\n')) {
      if (!line.includes('"job ')) continue;
      const entry = JSON.parse(line) as { msg: string; kind: string; ms?: number };
      if (entry.msg === 'job done' || entry.msg === 'job failed') {
        console.log(JSON.stringify({ job: entry.kind, outcome: entry.msg, ms: entry.ms ?? null }));
      }
    }
    callback();
  },
});
const database = await openDatabase({ memory: true });
await database.migrate();
const app = await buildApp({
  config: { ...loadConfig({ ...process.env, LOG_LEVEL: 'warn', REQUEST_LIMITS: 'false' }), webDist: undefined },
  database,
  logger: { level: 'info', stream: jobLines },
});
const url = await app.listen({ host: '127.0.0.1', port: 0 });
const user = await loginAs(database.db, (await createUser(database.db, { grade: 'VIP' })).id);
const admin = (await staffWithCookie(database.db, '数据')).cookie;
const worker = startInProcessWorker(app);
console.log(JSON.stringify({ url, user, admin, kind: database.kind }));

process.once('SIGTERM', async () => {
  await worker?.stop();
  await app.close();
  await database.close();
  process.exit(0);
});

import { CLIENT_VERSION, encodeSignHeader, identityHash, SignHeader, signRequest } from '@dso/contract';
import { buildApp } from '@dso/server';
import { loadConfig } from '@dso/server/config';
import { createTestDatabase } from '@dso/server/testing';
import { printTable, runLoad } from './lib/load';

/** Signed frame calls over real HTTP: the floor every feature's routes stand on. */
export async function benchFrame() {
  const database = await createTestDatabase();
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, logger: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const he = identityHash('bench');
  const signedGet = (path: string) => {
    const parts = signRequest(path, Date.now(), he);
    return fetch(`${url}${path}`, {
      headers: { [SignHeader.VERSION]: CLIENT_VERSION, [SignHeader.SIGNATURE]: encodeSignHeader(parts) },
    });
  };
  await signedGet('/api/web/friend_url2');
  const rows = [];
  for (const path of ['/api/web/time', '/api/web/friend_url2']) {
    const result = await runLoad({
      total: 5000,
      concurrency: 50,
      send: async () => ((await (await signedGet(path)).json()) as { code: number }).code === 200,
    });
    rows.push({
      call: path,
      'req/s': Math.round(result.perSecond),
      'p50 ms': result.p50Ms.toFixed(2),
      'p95 ms': result.p95Ms.toFixed(2),
      failures: result.failures,
    });
  }
  printTable(`Frame calls over HTTP, 50 connections, ${database.kind}`, rows);
  console.log(
    `server RSS after load: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB (server and load generator share the process)`,
  );
  await app.close();
  await database.close();
}

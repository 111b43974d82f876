import { createInterface } from 'node:readline';
import { buildApp } from '@dso/server';
import { loadConfig } from '@dso/server/config';
import { openDatabase } from '@dso/server/db';
import { createUser, loginAs } from '@dso/server/testing';
import { sql } from 'drizzle-orm';

/**
 * The server of the orders benchmark, in its own process so that the load generator does not share
 * its event loop. PostgreSQL at ORDERS_DATABASE_URL, else in-memory PGlite; the sandbox pays for both
 * channels. Makes ORDERS_USERS FREE users and prints one JSON line: its URL and their session tokens.
 * Then reads commands on stdin, one a line, answering each with a line:
 * - `age <seconds>`: every order becomes that much older (past the 30 s after which pay_result asks
 *   the vendor), answering `aged <n>`.
 */
const databaseUrl = process.env.ORDERS_DATABASE_URL;
const userCount = Number(process.env.ORDERS_USERS ?? 1000);
const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { memory: true });
await database.migrate();
const app = await buildApp({
  config: { ...loadConfig({ ...process.env, LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' }), webDist: undefined },
  database,
  logger: false,
});
const url = await app.listen({ host: '127.0.0.1', port: 0 });
const tokens: string[] = [];
for (let index = 0; index < userCount; index++) {
  tokens.push(await loginAs(database.db, (await createUser(database.db)).id));
}
console.log(JSON.stringify({ url, tokens, kind: database.kind }));

const commands = createInterface({ input: process.stdin });
commands.on('line', async (line) => {
  const [command, argument] = line.trim().split(/\s+/);
  if (command === 'age') {
    const seconds = Number(argument);
    const result = (await database.db.execute(
      sql`UPDATE orders SET created_at = created_at - make_interval(secs => ${seconds})`,
    )) as unknown as { rowCount?: number; affectedRows?: number };
    console.log(`aged ${result.rowCount ?? result.affectedRows ?? '?'}`);
  }
});

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());

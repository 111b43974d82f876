import { buildApp } from '@dso/server';
import { createTestDatabase, createUser, loginAs } from '@dso/server/testing';
import { journeyConfig, type RunningServer } from './server';

export interface WritingServer extends RunningServer {
  /** A VIP user's session token, for `signIn`. */
  vipToken: string;
}

/**
 * The real server with the built web app and the sandbox LLM (its default: plain text streamed in
 * small pieces every 25 ms, so a text takes seconds and can be watched growing and stopped).
 */
export async function startWritingServer(): Promise<WritingServer> {
  const database = await createTestDatabase();
  const user = await createUser(database.db, { grade: 'VIP' });
  const vipToken = await loginAs(database.db, user.id);
  const app = await buildApp({ config: journeyConfig(), database, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address,
    vipToken,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

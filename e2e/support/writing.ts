import { journeyAccount, type RunningServer, startJourneyServer } from './server';

export interface WritingServer extends RunningServer {
  /** A VIP user's session token, for `signIn`. */
  vipToken: string;
}

/**
 * The real server with the built web app and the sandbox LLM (its default: plain text streamed in
 * small pieces every 25 ms, so a text takes seconds and can be watched growing and stopped).
 */
export async function startWritingServer(): Promise<WritingServer> {
  const server = await startJourneyServer({ prepare: (db) => journeyAccount(db, 'VIP') });
  return { url: server.url, vipToken: server.prepared.token, close: server.close };
}

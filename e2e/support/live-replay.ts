import { buildApp } from '@dso/server';
import { startInProcessWorker } from '@dso/server/startup';
import { createTestDatabase, createUser, loginAs } from '@dso/server/testing';
import { e2eVideoOptions, seedVideoDemo } from '@dso/server/videos/demo/seed';
import { journeyConfig, type RunningServer } from './server';

export interface LiveReplayServer extends RunningServer {
  /** A VIP user's session token, for `signIn`. */
  token: string;
  /** Starts the job worker: the journey sees a replay waiting in the queue first, then worked out. */
  startWorker(): void;
}

/**
 * The real server with the built web app and a small demo platform library with its demo live sessions
 * (two on air, the rest ended, each with goods and a per-minute curve), a VIP user, the sandbox speech
 * and model, and the in-process job worker, started when the journey asks.
 */
export async function startLiveReplayServer(): Promise<LiveReplayServer> {
  const database = await createTestDatabase();
  const asOf = new Date().toISOString().slice(0, 10);
  await seedVideoDemo(database.db, {
    ...e2eVideoOptions(asOf),
    creators: 200,
    videos: 200,
    commentsPerVideo: 0,
    detailedVideos: 0,
    detailedCreators: 0,
    liveSessions: 8,
    topics: 0,
  });
  const user = await createUser(database.db, { grade: 'VIP' });
  const token = await loginAs(database.db, user.id);
  const app = await buildApp({ config: journeyConfig(), database, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  let worker: ReturnType<typeof startInProcessWorker> = null;
  return {
    url: address,
    token,
    startWorker: () => {
      worker ??= startInProcessWorker(app);
    },
    close: async () => {
      await worker?.stop();
      await app.close();
      await database.close();
    },
  };
}

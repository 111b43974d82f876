import { e2eVideoOptions, seedVideoDemo } from '@dso/server/videos/demo/seed';
import { journeyAccount, type RunningServer, startJourneyServer } from './server';

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
  const asOf = new Date().toISOString().slice(0, 10);
  const server = await startJourneyServer({
    worker: 'later',
    prepare: async (db) => {
      await seedVideoDemo(db, {
        ...e2eVideoOptions(asOf),
        creators: 200,
        videos: 200,
        commentsPerVideo: 0,
        detailedVideos: 0,
        detailedCreators: 0,
        liveSessions: 8,
        topics: 0,
      });
      return journeyAccount(db, 'VIP');
    },
  });
  return { url: server.url, token: server.prepared.token, startWorker: server.startWorker, close: server.close };
}

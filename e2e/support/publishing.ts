import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@dso/server';
import { startInProcessWorker } from '@dso/server/startup';
import { createTestDatabase, createUser, loginAs } from '@dso/server/testing';
import { journeyConfig, type RunningServer } from './server';

export interface PublishingServer extends RunningServer {
  /** A VIP user (3 authorised accounts allowed). */
  token: string;
}

/**
 * The real server with the built web app, the sandbox publishing provider (its local authorise page),
 * the in-process job worker that runs the deliveries, and its own DATA_DIR for the uploads.
 */
export async function startPublishingServer(): Promise<PublishingServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dso-e2e-publishing-'));
  const database = await createTestDatabase();
  const user = await createUser(database.db, { grade: 'VIP' });
  const token = await loginAs(database.db, user.id);
  const app = await buildApp({ config: { ...journeyConfig(), dataDir }, database, logger: false });
  const worker = startInProcessWorker(app);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address,
    token,
    close: async () => {
      await worker?.stop();
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The smallest file the server takes as an mp4: an `ftyp` box and some bytes. */
export function sampleMp4(): Buffer {
  return Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(2048, 7)]);
}

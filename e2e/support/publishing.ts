import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '@dso/server/db';
import { sql } from 'drizzle-orm';
import { journeyAccount, type RunningServer, startJourneyServer } from './server';

export interface PublishingServer extends RunningServer {
  /** A VIP user (3 authorised accounts allowed). */
  token: string;
  /** A done AI 图文 work of that user, with two pictures. */
  work: { id: number; title: string };
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const WORK_TITLE = '露营装备清单｜新手必带三样';

/**
 * The real server with the built web app, the sandbox publishing provider (its local authorise page),
 * the in-process job worker that runs the deliveries, and its own DATA_DIR for the uploads.
 */
export async function startPublishingServer(): Promise<PublishingServer> {
  const server = await startJourneyServer({ ownDataDir: true, worker: 'start', prepare: seedWork });
  return { url: server.url, ...server.prepared, close: server.close };
}

/**
 * A VIP user and a done AI 图文 work of theirs as its feature keeps one: the row, and its pictures under
 * DATA_DIR/image-text/works/<id>. Returns the user's session token and the work.
 */
async function seedWork(db: Database, { dataDir }: { dataDir: string }) {
  const { id: userId, token } = await journeyAccount(db, 'VIP');
  const result = await db.execute(
    sql`INSERT INTO image_text_works (user_id, source, keyword, title, body, images, images_total, status)
        VALUES (${userId}, 'single', '露营装备', ${WORK_TITLE}, '帐篷、天幕、睡袋，新手露营先买这三样 #露营装备',
          ${JSON.stringify([
            { name: '1.png', mime: 'image/png' },
            { name: '2.png', mime: 'image/png' },
          ])}::jsonb, 2, 'done')
        RETURNING id`,
  );
  const workId = Number((result as unknown as { rows: Array<{ id: number }> }).rows[0]?.id);
  const folder = path.join(dataDir, 'image-text', 'works', String(workId));
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, '1.png'), PNG);
  await writeFile(path.join(folder, '2.png'), PNG);
  return { token, work: { id: workId, title: WORK_TITLE } };
}

/** The smallest file the server takes as an mp4: an `ftyp` box and some bytes. */
export function sampleMp4(): Buffer {
  return Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(2048, 7)]);
}

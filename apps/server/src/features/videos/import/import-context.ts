import type { ImportRowError } from '@dso/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { findVideosByAwemeId } from '../ingest/video-ingest.repository';
import type { CheckedVideoRow } from './row-checker';
import type { RawVideoRow } from './video-import';

/* What each kind's batch handler (kinds/) works with: the import's context and the lookups that refuse a row. */

/** Refusals of a row that names something the library does not hold: import that first. */
export const missingMessages = {
  creator: '达人不存在，请先导入达人',
  video: '视频不存在，请先导入视频',
  liveSession: '直播不存在，请先导入直播场次',
  topic: '话题不存在，请先导入话题',
  trendHour: '统计时间应在视频发布后72小时内',
} as const;

/** What a kind's batch handler gets: the database, the import instant and the outcome's tallies. */
export interface ImportContext {
  db: Database;
  now: Date;
  /** Counts a refused row once, keeping its errors up to the report's limit. */
  report(errors: ImportRowError[]): void;
  /** The rows that pass their checks (the others reported), each with its row number. */
  accept<T>(rows: RawVideoRow[], check: (row: RawVideoRow) => CheckedVideoRow<T>): Array<{ row: number; input: T }>;
  /** Adds written rows: `distinct` records written (a key repeated in a batch counts once), `inserted` of them new. */
  written(distinct: number, inserted: number): void;
  /** Set when videos were linked to keywords, so the keyword ranks are made at the end. */
  linked: boolean;
}

/** Keeps the rows whose key the library holds; reports the others on `column` with `message`. */
export function known<T, K>(
  context: ImportContext,
  accepted: Array<{ row: number; input: T }>,
  lookUp: (input: T) => K | undefined,
  column: string,
  message: string | ((input: T) => string),
): Array<{ row: number; input: T; found: K }> {
  const kept: Array<{ row: number; input: T; found: K }> = [];
  for (const { row, input } of accepted) {
    const found = lookUp(input);
    if (found === undefined) {
      context.report([{ row, column, message: typeof message === 'string' ? message : message(input) }]);
    } else kept.push({ row, input, found });
  }
  return kept;
}

/** Keeps the rows whose video (by aweme id) the library holds, each with it; reports the others on `aweme_id`. */
export async function withKnownVideos<T extends { awemeId: string }>(
  context: ImportContext,
  accepted: Array<{ row: number; input: T }>,
) {
  const found = await findVideosByAwemeId(
    context.db,
    accepted.map(({ input }) => input.awemeId),
  );
  return known(context, accepted, (input) => found.get(input.awemeId), 'aweme_id', missingMessages.video);
}

export const distinctCount = <T>(rows: readonly T[], key: (row: T) => string) => new Set(rows.map(key)).size;

/** Runs `work` in a transaction holding an advisory lock, so two imports never merge into the same rows at once. */
export async function withImportLock<T>(db: Database, name: string, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`video-import:${name}`}))`);
    return work(tx as unknown as Database);
  });
}

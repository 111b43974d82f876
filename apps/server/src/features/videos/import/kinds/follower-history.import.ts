import { findCreatorIdsByUserId, upsertFollowerHistory } from '../../ingest/video-ingest.repository';
import { distinctCount, type ImportContext, known, missingMessages } from '../import-context';
import { type CheckedVideoRow, finish, rowChecker } from '../row-checker';
import type { RawVideoRow } from '../video-import';

/** A creator's followers on a day. */
export interface FollowerPointRecord {
  userId: string;
  day: string;
  followerCount: number;
}

export function checkFollowerRow(raw: RawVideoRow): CheckedVideoRow<FollowerPointRecord> {
  const c = rowChecker(raw);
  const input: FollowerPointRecord = {
    userId: c.string('user_id', '达人ID', true, 128),
    day: c.day('day', '日期') ?? '',
    followerCount: c.count('follower_count', '粉丝数', true) ?? 0,
  };
  return finish(c.errors, input);
}

export const importFollowerHistory = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, checkFollowerRow);
  const ids = await findCreatorIdsByUserId(
    context.db,
    accepted.map(({ input }) => input.userId),
  );
  const kept = known(context, accepted, (input) => ids.get(input.userId), 'user_id', missingMessages.creator);
  const days = kept.map(({ input, found }) => ({
    creatorId: found,
    day: input.day,
    followerCount: input.followerCount,
  }));
  const inserted = await upsertFollowerHistory(context.db, days);
  context.written(
    distinctCount(days, (day) => `${day.creatorId}/${day.day}`),
    inserted,
  );
};

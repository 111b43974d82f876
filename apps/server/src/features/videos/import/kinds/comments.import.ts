import { refreshHotWords } from '../../ingest/hot-words';
import { type CommentIngest, upsertComments } from '../../ingest/video-ingest.repository';
import { distinctCount, type ImportContext, withKnownVideos } from '../import-context';
import { type CheckedVideoRow, finish, MAX_INT, rowChecker } from '../row-checker';
import type { RawVideoRow } from '../video-import';

/** A checked comment: the ingest's record before its video is looked up by aweme id. */
export type CommentRecord = Omit<CommentIngest, 'videoId' | 'isDemo'> & { awemeId: string };

/** Checks one comments row. */
export function checkCommentRow(raw: RawVideoRow): CheckedVideoRow<CommentRecord> {
  const c = rowChecker(raw);
  const input: CommentRecord = {
    awemeId: c.string('aweme_id', '视频ID', true, 64),
    cid: c.string('cid', '评论ID', true, 64),
    text: c.string('text', '评论内容', true),
    createTime: c.instant('create_time', '评论时间', true) ?? new Date(0),
    diggCount: c.count('digg_count', '点赞数', true) ?? 0,
    replyCount: c.count('reply_count', '回复数', false, MAX_INT) ?? 0,
    nickname: c.string('nickname', '昵称', false, 100),
    avatarUrl: c.string('avatar_url', '头像', false, 1_000),
  };
  return finish(c.errors, input);
}

export const importComments = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, checkCommentRow);
  const kept = await withKnownVideos(context, accepted);
  const written = kept.map(({ input, found: video }) => ({ ...input, videoId: video.id, isDemo: false }));
  const inserted = await upsertComments(context.db, written);
  context.written(
    distinctCount(written, (row) => `${row.videoId}/${row.cid}`),
    inserted,
  );
  await refreshHotWords(context.db, [...new Set(written.map((row) => row.videoId))]);
};

import { shanghaiDay } from '@dso/domain';
import { linkVideoKeywords, upsertVideos, type VideoIngest } from '../../ingest/video-ingest.repository';
import { type ImportContext, missingMessages } from '../import-context';
import {
  type CheckedVideoRow,
  finish,
  goodsOf,
  isBlank,
  MAX_INT,
  MAX_TRANSCRIPT,
  rowChecker,
  text,
} from '../row-checker';
import type { RawVideoRow } from '../video-import';

/** A checked video with the library phrases it covers (linked to the keyword rows that exist). */
export type VideoRecord = VideoIngest & { keywords: string[] };

const statuses = new Set(['normal', 'deleted', 'hidden']);

/** Checks one videos row; `now` is the default of `fetched_at`. */
export function checkVideoRow(raw: RawVideoRow, now: Date): CheckedVideoRow<VideoRecord> {
  const c = rowChecker(raw);
  const status = text(c.values.status) || 'normal';
  if (!statuses.has(status)) c.fail('status', '状态应为 normal、deleted 或 hidden');
  let score: number | null = null;
  if (!isBlank(c.values.score)) {
    score = Number(c.values.score);
    if (!Number.isFinite(score) || score < 0 || score > 100) c.fail('score', '评分应为 0–100 的数字');
  }
  const input: VideoRecord = {
    awemeId: c.string('aweme_id', '视频ID', true, 64),
    authorUserId: c.string('author_user_id', '达人ID', true, 128),
    desc: c.string('desc', '标题', true),
    tags: c.list('tags', '话题标签') ?? [],
    score,
    cover: c.string('cover', '封面', false, 1_000),
    shareUrl: c.string('share_url', '分享链接', false, 1_000),
    playUrl: c.optional('play_url', '播放地址', 1_000),
    createTime: c.instant('create_time', '发布时间', true) ?? now,
    fetchedAt: c.instant('fetched_at', '数据时间', false) ?? now,
    durationMs: c.count('duration_ms', '时长（毫秒）', true, MAX_INT) ?? 0,
    goodCount: c.count('good_count', '点赞数', true) ?? 0,
    commentCount: c.count('comment_count', '评论数', true) ?? 0,
    shareCount: c.count('share_count', '分享数', true) ?? 0,
    collectCount: c.count('collect_count', '收藏数', true) ?? 0,
    musicId: c.optional('music_id', '音乐ID', 64),
    musicTitle: c.optional('music_title', '音乐名', 200),
    goods: goodsOf(c),
    status: status as VideoIngest['status'],
    wordNew: c.list('word_new', '视频词'),
    transcript: c.optional('transcript', '视频文案', MAX_TRANSCRIPT),
    keywords: c.list('keywords', '关键词') ?? [],
    isDemo: false,
  };
  return finish(c.errors, input);
}

export const importVideos = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, (raw) => checkVideoRow(raw, context.now));
  const { ids, inserted, missingAuthor } = await upsertVideos(
    context.db,
    accepted.map(({ input }) => input),
  );
  context.written(ids.size, inserted);
  const missing = new Set(missingAuthor);
  for (const { row, input } of accepted) {
    if (missing.has(input.awemeId))
      context.report([{ row, column: 'author_user_id', message: missingMessages.creator }]);
  }
  const links = accepted.flatMap(({ input }) => {
    const videoId = ids.get(input.awemeId);
    return videoId === undefined
      ? []
      : input.keywords.map((keyword) => ({ videoId, keyword, searchRank: null, asOf: shanghaiDay(input.fetchedAt) }));
  });
  if (links.length) {
    await linkVideoKeywords(context.db, links);
    context.linked = true;
  }
};

import {
  type ImportRowError,
  inputMessages,
  isIllegalText,
  type VideoImportFormat,
  type VideoImportKind,
} from '@dso/contract';
import type { GoodsItem } from '../../../db/schema/videos';
import { readRecords, type TableRecord, type UploadLimits } from '../../../lib/uploads';
import type { CreatorIngest, LiveSessionIngest, TopicIngest, VideoIngest } from '../ingest/video-ingest.repository';

/*
 * Reading and checking video-data import files (docs/data-format.md, "Video data"): one kind of record
 * per file — creators, videos, comments, trend points, follower history, portrait shares, live
 * sessions and their minutes, topics and their works — as CSV (a header row naming the columns) or
 * JSONL (one object per line with the same names). Reading goes through the upload guard and its parse
 * worker (lib/uploads); checking turns each row into an ingest record or into per-column errors in
 * Chinese.
 */

export { type VideoImportFormat, type VideoImportKind, videoImportKinds } from '@dso/contract';

/** The columns of each kind; `required` ones must be in a CSV header and filled on every row. */
export const videoImportColumns: Record<VideoImportKind, ReadonlyArray<{ name: string; required: boolean }>> = {
  creators: [
    { name: 'user_id', required: true },
    { name: 'nick_name', required: true },
    { name: 'unique_id', required: false },
    { name: 'avatar', required: false },
    { name: 'signature', required: false },
    { name: 'gender', required: false },
    { name: 'province', required: false },
    { name: 'city', required: false },
    { name: 'field', required: false },
    { name: 'verified', required: false },
    { name: 'verify_info', required: false },
    { name: 'is_commerce', required: false },
    { name: 'mcn', required: false },
    { name: 'follower_count', required: true },
    { name: 'follower_growth_30d', required: false },
    { name: 'total_favorited', required: true },
    { name: 'aweme_count', required: true },
    { name: 'video_comment_total_count', required: false },
    { name: 'video_share_total_count', required: false },
    { name: 'video_collect_total_count', required: false },
    { name: 'sales_amount_fen', required: false },
    { name: 'live_count', required: false },
    { name: 'as_of', required: true },
  ],
  videos: [
    { name: 'aweme_id', required: true },
    { name: 'author_user_id', required: true },
    { name: 'desc', required: true },
    { name: 'tags', required: false },
    { name: 'score', required: false },
    { name: 'cover', required: false },
    { name: 'share_url', required: false },
    { name: 'play_url', required: false },
    { name: 'create_time', required: true },
    { name: 'fetched_at', required: false },
    { name: 'duration_ms', required: true },
    { name: 'good_count', required: true },
    { name: 'comment_count', required: true },
    { name: 'share_count', required: true },
    { name: 'collect_count', required: true },
    { name: 'music_id', required: false },
    { name: 'music_title', required: false },
    { name: 'goods', required: false },
    { name: 'status', required: false },
    { name: 'word_new', required: false },
    { name: 'transcript', required: false },
    { name: 'keywords', required: false },
  ],
  comments: [
    { name: 'aweme_id', required: true },
    { name: 'cid', required: true },
    { name: 'text', required: true },
    { name: 'create_time', required: true },
    { name: 'digg_count', required: true },
    { name: 'reply_count', required: false },
    { name: 'nickname', required: false },
    { name: 'avatar_url', required: false },
  ],
  trends: [
    { name: 'aweme_id', required: true },
    { name: 'time', required: true },
    { name: 'good_count', required: true },
    { name: 'comment_count', required: false },
    { name: 'share_count', required: false },
    { name: 'collect_count', required: false },
  ],
  follower_history: [
    { name: 'user_id', required: true },
    { name: 'day', required: true },
    { name: 'follower_count', required: true },
  ],
  portraits: [
    { name: 'subject_type', required: true },
    { name: 'subject_id', required: true },
    { name: 'dimension', required: true },
    { name: 'label', required: true },
    { name: 'share', required: true },
    { name: 'as_of', required: false },
  ],
  live_sessions: [
    { name: 'room_id', required: true },
    { name: 'author_user_id', required: true },
    { name: 'title', required: false },
    { name: 'cover', required: false },
    { name: 'start_time', required: true },
    { name: 'end_time', required: false },
    { name: 'watch_count', required: true },
    { name: 'peak_online', required: true },
    { name: 'sales_amount_fen', required: true },
    { name: 'goods', required: false },
  ],
  live_minutes: [
    { name: 'room_id', required: true },
    { name: 'minute', required: true },
    { name: 'online', required: true },
    { name: 'entering', required: false },
    { name: 'sales_fen', required: false },
  ],
  topics: [
    { name: 'kind', required: true },
    { name: 'name', required: true },
    { name: 'day', required: true },
    { name: 'heat', required: true },
    { name: 'video_count', required: true },
    { name: 'growth', required: false },
  ],
  topic_videos: [
    { name: 'kind', required: true },
    { name: 'name', required: true },
    { name: 'day', required: true },
    { name: 'aweme_id', required: true },
  ],
};

/** One row before checking: its number as the file shows it (CSV: header = 1; JSONL: the line) and its cells. */
export type RawVideoRow = TableRecord;

/** A checked comment: the ingest's record before its video is looked up by aweme id. */
export interface CommentRecord {
  awemeId: string;
  cid: string;
  text: string;
  createTime: Date;
  diggCount: number;
  replyCount: number;
  nickname: string;
  avatarUrl: string;
}

/** A checked video with the library phrases it covers (linked to the keyword rows that exist). */
export type VideoRecord = VideoIngest & { keywords: string[] };

export type CheckedVideoRow<T> = { input: T; errors: [] } | { input: null; errors: ImportRowError[] };

/** The format of a file by its name (.csv, .jsonl / .ndjson), or null. */
export function videoFormatOfFileName(name: string): VideoImportFormat | null {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  if (extension === 'csv') return 'csv';
  if (extension === 'jsonl' || extension === 'ndjson') return 'jsonl';
  return null;
}

function missingColumns(kind: VideoImportKind, headers: string[]): string | null {
  const missing = videoImportColumns[kind].filter((column) => column.required && !headers.includes(column.name));
  return missing.length ? `缺少必填列：${missing.map((column) => column.name).join('、')}` : null;
}

/**
 * The rows of a file in batches, read by the upload guard's parse worker. Throws `UploadRefusal` when
 * the file cannot be read at all (the guard's reason, the parser's, or a missing required column).
 */
export function readVideoImportRows(
  file: Buffer,
  kind: VideoImportKind,
  format: VideoImportFormat,
  limits: UploadLimits,
): AsyncGenerator<RawVideoRow[]> {
  return readRecords(file, { format, limits, missingColumns: (headers) => missingColumns(kind, headers) });
}

// ——— checking ———

const MAX_COUNT = Number.MAX_SAFE_INTEGER;
const MAX_INT = 2_147_483_647;
/** The longest text a cell may hold (titles and comments are far shorter on the platform). */
const MAX_TEXT = 4_000;
/** A transcript's limit: a 20-minute work (the extraction's limit) at a fast talker's pace, with room to spare. */
const MAX_TRANSCRIPT = 20_000;
const trueWords = new Set(['true', '1', '是', 'yes', 'y']);
const falseWords = new Set(['false', '0', '否', 'no', 'n']);

const isBlank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';
const text = (value: unknown) => String(value ?? '').trim();

/** A column checker for one row: each reader records its column's error and returns a usable value. */
function rowChecker(raw: RawVideoRow) {
  const errors: ImportRowError[] = [];
  const values = raw.values;
  const fail = (column: string | null, message: string) => errors.push({ row: raw.row, column, message });
  if (values.__invalid) fail(null, '不是有效的 JSON 对象');
  // A NUL or a lone surrogate in any cell would fail the whole batch in the database, not this row.
  for (const [column, value] of Object.entries(values)) {
    if (typeof value === 'string' && isIllegalText(value)) fail(column, inputMessages.illegalText);
  }
  const string = (column: string, label: string, required: boolean, max = MAX_TEXT): string => {
    const value = text(values[column]);
    if (!value && required) fail(column, `${label}不能为空`);
    else if ([...value].length > max) fail(column, `${label}不能超过${max}个字符`);
    return value;
  };
  const optional = (column: string, label: string, max = MAX_TEXT): string | null =>
    isBlank(values[column]) ? null : string(column, label, false, max);
  const count = (column: string, label: string, required: boolean, max = MAX_COUNT): number | null => {
    const value = values[column];
    if (isBlank(value)) {
      if (required) fail(column, `${label}不能为空`);
      return null;
    }
    const raw =
      typeof value === 'number' ? value : /^\s*-?\d+(\.0+)?\s*$/.test(String(value)) ? Number(value) : Number.NaN;
    if (!Number.isInteger(raw) || raw < 0 || raw > max) {
      fail(column, `${label}必须是非负整数`);
      return null;
    }
    return raw;
  };
  const signed = (column: string, label: string): number | null => {
    const value = values[column];
    if (isBlank(value)) return null;
    const raw = typeof value === 'number' ? value : /^\s*-?\d+\s*$/.test(String(value)) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(raw)) {
      fail(column, `${label}必须是整数`);
      return null;
    }
    return raw;
  };
  const flag = (column: string, label: string): boolean => {
    const value = values[column];
    if (isBlank(value)) return false;
    const word = text(value).toLowerCase();
    if (value === true || trueWords.has(word)) return true;
    if (value === false || falseWords.has(word)) return false;
    fail(column, `${label}应为 true/false、1/0 或 是/否`);
    return false;
  };
  /** An instant: Unix seconds (as the platform gives them) or an ISO 8601 time with its offset. */
  const instant = (column: string, label: string, required: boolean): Date | null => {
    const value = values[column];
    if (isBlank(value)) {
      if (required) fail(column, `${label}不能为空`);
      return null;
    }
    const given = text(value);
    const at = /^\d{9,11}$/.test(given)
      ? new Date(Number(given) * 1000)
      : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(given)
        ? new Date(given)
        : null;
    if (!at || Number.isNaN(at.getTime())) {
      fail(column, `${label}应为 Unix 秒数或带时区的 ISO 8601 时间`);
      return null;
    }
    return at;
  };
  const day = (column: string, label: string, required = true): string | null => {
    const given = text(values[column]);
    if (!given) {
      if (required) fail(column, `${label}不能为空`);
      return null;
    }
    const parsed = new Date(`${given}T00:00:00Z`);
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(given) ||
      Number.isNaN(parsed.getTime()) ||
      parsed.toISOString().slice(0, 10) !== given
    ) {
      fail(column, `${label}格式应为 YYYY-MM-DD`);
      return null;
    }
    return given;
  };
  /** A list: a JSON array in JSONL, or text separated by | (or ，/,) in CSV. */
  const list = (column: string, label: string): string[] | null => {
    const value = values[column];
    if (isBlank(value)) return null;
    const parts = Array.isArray(value) ? value : text(value).split(/[|,，]/);
    if (parts.some((part) => typeof part !== 'string' && typeof part !== 'number')) {
      fail(column, `${label}应为文本列表`);
      return null;
    }
    const items = parts.map((part) => String(part).trim().replace(/^#/, '')).filter(Boolean);
    if (items.some((item) => [...item].length > 100) || items.length > 100) {
      fail(column, `${label}最多100项，每项不超过100个字符`);
      return null;
    }
    return [...new Set(items)];
  };
  /**
   * A fraction: a number (0.352) or a percentage ('35.2%'). `min`/`max` bound the fraction; an empty
   * cell is null (or an error when required).
   */
  const fraction = (column: string, label: string, required: boolean, min: number, max: number, message: string) => {
    const value = values[column];
    if (isBlank(value)) {
      if (required) fail(column, `${label}不能为空`);
      return null;
    }
    const given = text(value);
    const percent = /^-?\d+(\.\d+)?%$/.test(given);
    const parsed =
      typeof value === 'number'
        ? value
        : percent
          ? Number(given.slice(0, -1)) / 100
          : /^-?\d+(\.\d+)?$/.test(given)
            ? Number(given)
            : Number.NaN;
    if (!Number.isFinite(parsed) || parsed < min || parsed > max) {
      fail(column, message);
      return null;
    }
    return parsed;
  };
  /** One of a few words (English or Chinese) standing for a code. */
  const choice = <T extends string>(column: string, words: Record<string, T>, message: string): T | null => {
    const given = text(values[column]);
    const found = Object.hasOwn(words, given.toLowerCase()) ? words[given.toLowerCase()] : undefined;
    if (found === undefined) {
      fail(column, message);
      return null;
    }
    return found;
  };
  return { errors, values, fail, string, optional, count, signed, flag, instant, day, list, fraction, choice };
}

const finish = <T>(errors: ImportRowError[], input: T): CheckedVideoRow<T> =>
  errors.length ? { input: null, errors } : { input, errors: [] };

/** Checks one creators row. */
export function checkCreatorRow(raw: RawVideoRow): CheckedVideoRow<CreatorIngest> {
  const c = rowChecker(raw);
  const userId = c.string('user_id', '达人ID', true, 128);
  const nickName = c.string('nick_name', '昵称', true, 100);
  let gender: 0 | 1 | 2 = 0;
  const genderText = text(c.values.gender);
  if (genderText) {
    const found = ({ '0': 0, '1': 1, '2': 2, 男: 1, 女: 2, 未知: 0 } as const)[genderText as '0'];
    if (found === undefined) c.fail('gender', '性别应为 0/1/2 或 男/女/未知');
    else gender = found;
  }
  const input: CreatorIngest = {
    userId,
    nickName,
    uniqueId: c.string('unique_id', '抖音号', false, 100),
    avatar: c.string('avatar', '头像', false, 1_000),
    signature: c.string('signature', '简介', false, 500),
    gender,
    province: c.string('province', '省份', false, 32),
    city: c.string('city', '城市', false, 32),
    field: c.optional('field', '领域', 32),
    verified: c.flag('verified', '认证'),
    verifyInfo: c.optional('verify_info', '认证信息', 200),
    isCommerce: c.flag('is_commerce', '带货'),
    mcn: c.optional('mcn', 'MCN', 100),
    followerCount: c.count('follower_count', '粉丝数', true) ?? 0,
    followerGrowth30d: c.signed('follower_growth_30d', '30天涨粉'),
    totalFavorited: c.count('total_favorited', '获赞总数', true) ?? 0,
    awemeCount: c.count('aweme_count', '作品数', true, MAX_INT) ?? 0,
    videoCommentTotalCount: c.count('video_comment_total_count', '评论总数', false),
    videoShareTotalCount: c.count('video_share_total_count', '分享总数', false),
    videoCollectTotalCount: c.count('video_collect_total_count', '收藏总数', false),
    salesAmountFen30d: c.count('sales_amount_fen', '30天销售额（分）', false),
    liveCount: c.count('live_count', '直播场次', false, MAX_INT),
    asOf: c.day('as_of', '数据日期') ?? '',
    isDemo: false,
  };
  return finish(c.errors, input);
}

const statuses = new Set(['normal', 'deleted', 'hidden']);

/** The goods column of a video or a live session: a JSON array of products, or null when empty. */
function goodsOf(c: ReturnType<typeof rowChecker>): GoodsItem[] | null {
  const value = c.values.goods;
  if (isBlank(value)) return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = null;
    }
  }
  const valid =
    Array.isArray(parsed) &&
    parsed.length <= 100 &&
    parsed.every(
      (item) =>
        item &&
        typeof item === 'object' &&
        typeof item.title === 'string' &&
        Number.isSafeInteger(item.price_fen) &&
        item.price_fen >= 0 &&
        Number.isSafeInteger(item.sales) &&
        item.sales >= 0,
    );
  if (!valid) {
    c.fail('goods', '商品应为 JSON 数组：[{"title","price_fen","sales"}]，价格为整数分');
    return null;
  }
  return (parsed as GoodsItem[]).map((item) => ({
    title: item.title,
    price_fen: item.price_fen,
    sales: item.sales,
    cover: typeof item.cover === 'string' ? item.cover : null,
    product_id: typeof item.product_id === 'string' ? item.product_id : null,
  }));
}

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

// ——— trend points, follower history, portraits ———

/** One hour of a video's first 72 hours: its cumulative figures measured at `time`. */
export interface TrendPointRecord {
  awemeId: string;
  time: Date;
  goodCount: number;
  /** Null = not observed that hour. */
  commentCount: number | null;
  shareCount: number | null;
  collectCount: number | null;
}

/** Checks one trends row (which hour of the window it is needs the video: the import works it out). */
export function checkTrendRow(raw: RawVideoRow): CheckedVideoRow<TrendPointRecord> {
  const c = rowChecker(raw);
  const input: TrendPointRecord = {
    awemeId: c.string('aweme_id', '视频ID', true, 64),
    time: c.instant('time', '统计时间', true) ?? new Date(0),
    goodCount: c.count('good_count', '点赞数', true) ?? 0,
    commentCount: c.count('comment_count', '评论数', false),
    shareCount: c.count('share_count', '分享数', false),
    collectCount: c.count('collect_count', '收藏数', false),
  };
  return finish(c.errors, input);
}

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

/** The audience dimensions a portrait file fills, by their column word (English or Chinese). */
export const portraitDimensions = ['gender', 'age', 'province', 'city', 'city_level', 'device', 'interest'] as const;
export type PortraitDimension = (typeof portraitDimensions)[number];
const dimensionWords: Record<string, PortraitDimension> = {
  ...Object.fromEntries(portraitDimensions.map((name) => [name, name])),
  性别: 'gender',
  年龄: 'age',
  省份: 'province',
  城市: 'city',
  城市等级: 'city_level',
  城市线级: 'city_level',
  设备: 'device',
  兴趣: 'interest',
};
const subjectWords: Record<string, 'video' | 'creator'> = {
  video: 'video',
  视频: 'video',
  creator: 'creator',
  达人: 'creator',
};

/** One label's share of one dimension of a video's or a creator's audience. */
export interface PortraitShareRecord {
  subjectType: 'video' | 'creator';
  /** The video's aweme id or the creator's user id. */
  subjectId: string;
  dimension: PortraitDimension;
  label: string;
  /** 0–1; 0 removes the label. */
  share: number;
  asOf: string | null;
}

export function checkPortraitRow(raw: RawVideoRow): CheckedVideoRow<PortraitShareRecord> {
  const c = rowChecker(raw);
  const input: PortraitShareRecord = {
    subjectType: c.choice('subject_type', subjectWords, '画像对象应为 video（视频）或 creator（达人）') ?? 'video',
    subjectId: c.string('subject_id', '对象ID', true, 128),
    dimension:
      c.choice('dimension', dimensionWords, '维度应为 gender、age、province、city、city_level、device 或 interest') ??
      'gender',
    label: c.string('label', '标签', true, 50),
    share: c.fraction('share', '占比', true, 0, 1, '占比应为 0–1 的小数或百分数（如 35.2%）') ?? 0,
    asOf: c.day('as_of', '数据日期', false),
  };
  return finish(c.errors, input);
}

// ——— live sessions and their minutes ———

/** A live session's head as a file gives it (its minutes come in their own file). */
export type LiveSessionRecord = Omit<LiveSessionIngest, 'minutes'>;

export function checkLiveSessionRow(raw: RawVideoRow): CheckedVideoRow<LiveSessionRecord> {
  const c = rowChecker(raw);
  const startTime = c.instant('start_time', '开播时间', true);
  const endTime = c.instant('end_time', '下播时间', false);
  if (startTime && endTime && endTime < startTime) c.fail('end_time', '下播时间不能早于开播时间');
  const input: LiveSessionRecord = {
    roomId: c.string('room_id', '直播间ID', true, 64),
    authorUserId: c.string('author_user_id', '达人ID', true, 128),
    title: c.string('title', '直播标题', false, 200),
    cover: c.string('cover', '封面', false, 1_000),
    startTime: startTime ?? new Date(0),
    endTime,
    watchCount: c.count('watch_count', '观看人次', true) ?? 0,
    peakOnline: c.count('peak_online', '在线峰值', true, MAX_INT) ?? 0,
    salesAmountFen: c.count('sales_amount_fen', '销售额（分）', true) ?? 0,
    goods: goodsOf(c),
    isDemo: false,
  };
  return finish(c.errors, input);
}

/** One minute of a live session, counted from its start. */
export interface LiveMinuteRecord {
  roomId: string;
  minute: number;
  online: number;
  entering: number;
  salesFen: number;
}

export function checkLiveMinuteRow(raw: RawVideoRow): CheckedVideoRow<LiveMinuteRecord> {
  const c = rowChecker(raw);
  const input: LiveMinuteRecord = {
    roomId: c.string('room_id', '直播间ID', true, 64),
    minute: c.count('minute', '分钟', true, MAX_INT) ?? 0,
    online: c.count('online', '在线人数', true, MAX_INT) ?? 0,
    entering: c.count('entering', '进场人数', false, MAX_INT) ?? 0,
    salesFen: c.count('sales_fen', '销售额（分）', false) ?? 0,
  };
  return finish(c.errors, input);
}

// ——— topics and their works ———

const topicKindWords: Record<string, TopicIngest['kind']> = {
  video: 'video',
  视频: 'video',
  image_text: 'image_text',
  图文: 'image_text',
};
const topicKindMessage = '话题类型应为 video（视频）或 image_text（图文）';

/** A topic of a day (its works come in their own file). */
export type TopicRecord = Omit<TopicIngest, 'awemeIds'>;

export function checkTopicRow(raw: RawVideoRow): CheckedVideoRow<TopicRecord> {
  const c = rowChecker(raw);
  const input: TopicRecord = {
    kind: c.choice('kind', topicKindWords, topicKindMessage) ?? 'video',
    name: c.string('name', '话题', true, 100).replace(/^#/, ''),
    day: c.day('day', '日期') ?? '',
    heat: c.count('heat', '热度', true) ?? 0,
    videoCount: c.count('video_count', '视频数', true, MAX_INT) ?? 0,
    growth: c.fraction('growth', '增长率', false, -1_000, 1_000, '增长率应为小数（如 0.12）或百分数（如 12%）') ?? 0,
    isDemo: false,
  };
  return finish(c.errors, input);
}

/** A work under a topic: the topic by kind, day and name, the work by aweme id. */
export interface TopicVideoRecord {
  kind: TopicIngest['kind'];
  name: string;
  day: string;
  awemeId: string;
}

export function checkTopicVideoRow(raw: RawVideoRow): CheckedVideoRow<TopicVideoRecord> {
  const c = rowChecker(raw);
  const input: TopicVideoRecord = {
    kind: c.choice('kind', topicKindWords, topicKindMessage) ?? 'video',
    name: c.string('name', '话题', true, 100).replace(/^#/, ''),
    day: c.day('day', '日期') ?? '',
    awemeId: c.string('aweme_id', '视频ID', true, 64),
  };
  return finish(c.errors, input);
}

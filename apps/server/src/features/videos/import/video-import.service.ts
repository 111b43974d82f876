import { type ImportRowError, videoLimits } from '@dso/contract';
import { shanghaiDay } from '@dso/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { PortraitShare } from '../../../db/schema/videos';
import { type UploadLimits, UploadRefusal, uploadLimits } from '../../../lib/uploads';
import { yieldToEventLoop } from '../../jobs/jobs.worker';
import { refreshHotWords } from '../ingest/hot-words';
import {
  findCreatorIdsByUserId,
  findLiveSessionIdsByRoomId,
  findTopicIds,
  findVideosByAwemeId,
  linkTopicVideos,
  linkVideoKeywords,
  type PortraitIngest,
  rankUnrankedKeywordVideos,
  selectPortraits,
  selectTrends,
  topicKey,
  upsertComments,
  upsertCreators,
  upsertFollowerHistory,
  upsertLiveMinutes,
  upsertLiveSessions,
  upsertPortraits,
  upsertTopics,
  upsertTrends,
  upsertVideos,
} from '../ingest/video-ingest.repository';
import {
  type CheckedVideoRow,
  checkCommentRow,
  checkCreatorRow,
  checkFollowerRow,
  checkLiveMinuteRow,
  checkLiveSessionRow,
  checkPortraitRow,
  checkTopicRow,
  checkTopicVideoRow,
  checkTrendRow,
  checkVideoRow,
  type PortraitDimension,
  type RawVideoRow,
  readVideoImportRows,
  type TrendPointRecord,
  type VideoImportFormat,
  type VideoImportKind,
} from './video-import';

/** Row errors kept in a report; `errorRows` counts all of them. */
const MAX_REPORTED_ERRORS = 1_000;

/** What an import did: rows read, new, updated, refused (each with its row, column and reason). */
export interface VideoImportOutcome {
  total: number;
  inserted: number;
  updated: number;
  errorRows: number;
  errors: ImportRowError[];
  /** Why the file could not be read at all (the upload guard's or the parser's reason), else null. */
  failure: string | null;
}

/** Refusals of a row that names something the library does not hold: import that first. */
export const missingMessages = {
  creator: '达人不存在，请先导入达人',
  video: '视频不存在，请先导入视频',
  liveSession: '直播不存在，请先导入直播场次',
  topic: '话题不存在，请先导入话题',
  trendHour: '统计时间应在视频发布后72小时内',
} as const;

/** What a kind's batch handler gets: the database, the import instant and the outcome's tallies. */
interface ImportContext {
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
function known<T, K>(
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

const distinctCount = <T>(rows: readonly T[], key: (row: T) => string) => new Set(rows.map(key)).size;

/** Runs `work` in a transaction holding an advisory lock, so two imports never merge into the same rows at once. */
async function withImportLock<T>(db: Database, name: string, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`video-import:${name}`}))`);
    return work(tx as unknown as Database);
  });
}

const importCreators = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, checkCreatorRow);
  const { ids, inserted } = await upsertCreators(
    context.db,
    accepted.map(({ input }) => input),
  );
  context.written(ids.size, inserted);
};

const importVideos = async (context: ImportContext, rows: RawVideoRow[]) => {
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

const importComments = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, checkCommentRow);
  const found = await findVideosByAwemeId(
    context.db,
    accepted.map(({ input }) => input.awemeId),
  );
  const kept = known(context, accepted, (input) => found.get(input.awemeId), 'aweme_id', missingMessages.video);
  const written = kept.map(({ input, found: video }) => ({ ...input, videoId: video.id, isDemo: false }));
  const inserted = await upsertComments(context.db, written);
  context.written(
    distinctCount(written, (row) => `${row.videoId}/${row.cid}`),
    inserted,
  );
  await refreshHotWords(context.db, [...new Set(written.map((row) => row.videoId))]);
};

const HOUR_MS = 3_600_000;
const WINDOW = videoLimits.trendWindowHours;

/**
 * Trend points go into their video's hourly window (slot 0 = the publish hour), merged with the
 * stored hours: a point replaces the stored figures of its hour, other hours stay. A stored window
 * that started at another hour (the video's publish time changed) is moved to the publish hour.
 */
const importTrends = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, checkTrendRow);
  const found = await findVideosByAwemeId(
    context.db,
    accepted.map(({ input }) => input.awemeId),
  );
  const kept = known(context, accepted, (input) => found.get(input.awemeId), 'aweme_id', missingMessages.video);
  const points: Array<{ videoId: number; startTime: Date; slot: number; input: TrendPointRecord }> = [];
  for (const { row, input, found: video } of kept) {
    const startTime = new Date(Math.floor(video.createTime.getTime() / HOUR_MS) * HOUR_MS);
    const slot = Math.floor((input.time.getTime() - startTime.getTime()) / HOUR_MS);
    if (slot < 0 || slot >= WINDOW) context.report([{ row, column: 'time', message: missingMessages.trendHour }]);
    else points.push({ videoId: video.id, startTime, slot, input });
  }
  if (points.length === 0) return;
  await withImportLock(context.db, 'trends', async (tx) => {
    const stored = await selectTrends(tx, [...new Set(points.map((point) => point.videoId))]);
    const windows = new Map<number, ReturnType<typeof emptyWindow>>();
    let inserted = 0;
    for (const point of points) {
      let window = windows.get(point.videoId);
      if (!window) {
        window = emptyWindow(point.startTime);
        const before = stored.get(point.videoId);
        if (before) {
          const shift = Math.round((before.startTime.getTime() - point.startTime.getTime()) / HOUR_MS);
          for (let slot = 0; slot < before.goodValues.length; slot++) {
            const to = slot + shift;
            if (to < 0 || to >= WINDOW) continue;
            window.goodValues[to] = before.goodValues[slot] ?? null;
            window.commentValues[to] = before.commentValues[slot] ?? null;
            window.shareValues[to] = before.shareValues[slot] ?? null;
            window.collectValues[to] = before.collectValues[slot] ?? null;
          }
        }
        windows.set(point.videoId, window);
      }
      if (window.goodValues[point.slot] === null && !window.fresh.has(point.slot)) inserted++;
      window.fresh.add(point.slot);
      window.goodValues[point.slot] = point.input.goodCount;
      window.commentValues[point.slot] = point.input.commentCount;
      window.shareValues[point.slot] = point.input.shareCount;
      window.collectValues[point.slot] = point.input.collectCount;
    }
    await upsertTrends(
      tx,
      [...windows].map(([videoId, { fresh: _fresh, ...window }]) => ({ videoId, ...window })),
    );
    context.written(
      distinctCount(points, (point) => `${point.videoId}/${point.slot}`),
      inserted,
    );
  });
};

function emptyWindow(startTime: Date) {
  const hours = () => Array.from({ length: WINDOW }, (): number | null => null);
  return {
    startTime,
    goodValues: hours(),
    commentValues: hours(),
    shareValues: hours(),
    collectValues: hours(),
    /** Hours this import has written (a repeated point counts once). */
    fresh: new Set<number>(),
  };
}

const importFollowerHistory = async (context: ImportContext, rows: RawVideoRow[]) => {
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

/** The portrait's list of each dimension, and the leading label it sets. */
const dimensionFields: Record<
  PortraitDimension,
  {
    list: keyof PortraitIngest & `${string}More`;
    lead: 'gender' | 'age' | 'province' | 'city' | 'cityLevel' | 'device' | null;
  }
> = {
  gender: { list: 'genderMore', lead: 'gender' },
  age: { list: 'ageMore', lead: 'age' },
  province: { list: 'provinceMore', lead: 'province' },
  city: { list: 'cityMore', lead: 'city' },
  city_level: { list: 'cityLevelMore', lead: 'cityLevel' },
  device: { list: 'deviceMore', lead: 'device' },
  interest: { list: 'interestMore', lead: null },
};

const leadOf = (shares: PortraitShare[]) =>
  shares.length ? shares.reduce((best, share) => (share.value > best.value ? share : best)).name : null;

function emptyPortrait(subjectType: 'video' | 'creator', subjectId: number): PortraitIngest {
  return {
    subjectType,
    subjectId,
    gender: null,
    age: null,
    province: null,
    city: null,
    cityLevel: null,
    device: null,
    atv: null,
    consume: null,
    liveness: null,
    category: null,
    area: null,
    genderMore: [],
    ageMore: [],
    provinceMore: [],
    cityMore: [],
    cityLevelMore: [],
    deviceMore: [],
    interestMore: [],
    asOf: '',
    isDemo: false,
  };
}

/**
 * Portrait rows are shares of one label of one dimension of a subject, merged label by label into the
 * subject's portrait: a label's share replaces the stored one, a share of 0 removes the label, the
 * labels a file does not name stay. Each touched dimension's leading label (and `area`, the leading
 * province) is made again from its list. The portrait's day is the latest `as_of` given (the import's
 * day when none).
 */
const importPortraits = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, checkPortraitRow);
  const ofType = (type: 'video' | 'creator') =>
    accepted.filter(({ input }) => input.subjectType === type).map(({ input }) => input.subjectId);
  const [videoIds, creatorIds] = await Promise.all([
    findVideosByAwemeId(context.db, ofType('video')),
    findCreatorIdsByUserId(context.db, ofType('creator')),
  ]);
  const kept = known(
    context,
    accepted,
    (input) => (input.subjectType === 'video' ? videoIds.get(input.subjectId)?.id : creatorIds.get(input.subjectId)),
    'subject_id',
    (input) => (input.subjectType === 'video' ? missingMessages.video : missingMessages.creator),
  );
  if (kept.length === 0) return;
  const today = shanghaiDay(context.now);
  await withImportLock(context.db, 'portraits', async (tx) => {
    const portraits = new Map<string, PortraitIngest>();
    const seen = new Set<string>();
    let inserted = 0;
    for (const type of ['video', 'creator'] as const) {
      const mine = kept.filter(({ input }) => input.subjectType === type);
      const stored = await selectPortraits(
        tx,
        type,
        mine.map(({ found }) => found),
      );
      for (const { input, found } of mine) {
        const key = `${type}/${found}`;
        let portrait = portraits.get(key);
        if (!portrait) {
          // The day is set again from this import's rows: the latest as_of given, or the import's day.
          portrait = { ...(stored.get(found) ?? emptyPortrait(type, found)), asOf: '' };
          portraits.set(key, portrait);
        }
        if (input.asOf && input.asOf > portrait.asOf) portrait.asOf = input.asOf;
        const field = dimensionFields[input.dimension];
        const list = portrait[field.list] as PortraitShare[];
        const labelKey = `${key}/${input.dimension}/${input.label}`;
        const at = list.findIndex((share) => share.name === input.label);
        if (at < 0 && !seen.has(labelKey)) inserted++;
        seen.add(labelKey);
        const next = list.filter((share) => share.name !== input.label);
        if (input.share > 0) next.push({ name: input.label, value: input.share });
        (portrait[field.list] as PortraitShare[]) = next;
        if (field.lead) portrait[field.lead] = leadOf(next);
        if (input.dimension === 'province') portrait.area = portrait.province;
        portrait.isDemo = false;
      }
    }
    for (const portrait of portraits.values()) if (!portrait.asOf) portrait.asOf = today;
    await upsertPortraits(tx, [...portraits.values()]);
    context.written(seen.size, inserted);
  });
};

const importLiveSessions = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, checkLiveSessionRow);
  const { ids, inserted, missingAuthor } = await upsertLiveSessions(
    context.db,
    accepted.map(({ input }) => ({ ...input, minutes: [] })),
  );
  context.written(ids.size, inserted);
  const missing = new Set(missingAuthor);
  for (const { row, input } of accepted) {
    if (missing.has(input.roomId))
      context.report([{ row, column: 'author_user_id', message: missingMessages.creator }]);
  }
};

const importLiveMinutes = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, checkLiveMinuteRow);
  const ids = await findLiveSessionIdsByRoomId(
    context.db,
    accepted.map(({ input }) => input.roomId),
  );
  const kept = known(context, accepted, (input) => ids.get(input.roomId), 'room_id', missingMessages.liveSession);
  const minutes = kept.map(({ input: { roomId: _roomId, ...minute }, found }) => ({ sessionId: found, ...minute }));
  const inserted = await upsertLiveMinutes(context.db, minutes);
  context.written(
    distinctCount(minutes, (minute) => `${minute.sessionId}/${minute.minute}`),
    inserted,
  );
};

const importTopics = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, checkTopicRow);
  const { ids, inserted } = await upsertTopics(
    context.db,
    accepted.map(({ input }) => ({ ...input, awemeIds: [] })),
  );
  context.written(ids.size, inserted);
};

const importTopicVideos = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, checkTopicVideoRow);
  const [topicIds, videoIds] = await Promise.all([
    findTopicIds(
      context.db,
      accepted.map(({ input }) => input),
    ),
    findVideosByAwemeId(
      context.db,
      accepted.map(({ input }) => input.awemeId),
    ),
  ]);
  const withTopic = known(context, accepted, (input) => topicIds.get(topicKey(input)), 'name', missingMessages.topic);
  const links = known(
    context,
    withTopic.map(({ row, input, found }) => ({ row, input: { ...input, topicId: found } })),
    (input) => videoIds.get(input.awemeId)?.id,
    'aweme_id',
    missingMessages.video,
  ).map(({ input, found }) => ({ topicId: input.topicId, videoId: found }));
  const inserted = await linkTopicVideos(context.db, links);
  context.written(
    distinctCount(links, (link) => `${link.topicId}/${link.videoId}`),
    inserted,
  );
};

/** Each kind's batch handler. */
const importers: Record<VideoImportKind, (context: ImportContext, rows: RawVideoRow[]) => Promise<void>> = {
  creators: importCreators,
  follower_history: importFollowerHistory,
  videos: importVideos,
  comments: importComments,
  trends: importTrends,
  portraits: importPortraits,
  live_sessions: importLiveSessions,
  live_minutes: importLiveMinutes,
  topics: importTopics,
  topic_videos: importTopicVideos,
};

/**
 * Imports one video-data file of `kind` through the upload guard, batch by batch, idempotently: every
 * kind is written by its platform keys (docs/data-format.md), so a re-import updates and never
 * duplicates. A row that fails its checks, or names a creator, video, live session or topic the
 * library does not hold, is reported with its row number and the rest go in. Videos link to the
 * keyword-library phrases of their `keywords` column; imported comments get their hot words recounted.
 */
export async function importVideoFile(
  db: Database,
  file: Buffer,
  kind: VideoImportKind,
  format: VideoImportFormat,
  options: { limits?: UploadLimits; now?: Date } = {},
): Promise<VideoImportOutcome> {
  const outcome: VideoImportOutcome = { total: 0, inserted: 0, updated: 0, errorRows: 0, errors: [], failure: null };
  const now = options.now ?? new Date();
  const context: ImportContext = {
    db,
    now,
    linked: false,
    report(errors) {
      outcome.errorRows++;
      for (const error of errors) if (outcome.errors.length < MAX_REPORTED_ERRORS) outcome.errors.push(error);
    },
    accept(rows, check) {
      const accepted = [];
      for (const raw of rows) {
        const checked = check(raw);
        if (checked.input === null) this.report(checked.errors);
        else accepted.push({ row: raw.row, input: checked.input });
      }
      return accepted;
    },
    written(distinct, inserted) {
      outcome.inserted += inserted;
      outcome.updated += distinct - inserted;
    },
  };
  try {
    for await (const rows of readVideoImportRows(file, kind, format, options.limits ?? uploadLimits.videoCli)) {
      outcome.total += rows.length;
      await importers[kind](context, rows);
      await yieldToEventLoop();
    }
    if (context.linked) await rankUnrankedKeywordVideos(db, shanghaiDay(now));
  } catch (error) {
    if (!(error instanceof UploadRefusal)) throw error;
    outcome.failure = error.reportText;
  }
  return outcome;
}

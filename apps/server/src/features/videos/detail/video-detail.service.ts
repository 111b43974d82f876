import {
  type AudiencePortrait,
  type CreatorProfile,
  type HotWordWire,
  noAudiencePortrait,
  type PermissionAlias,
  type VideoComments,
  type VideoCommentsQuery,
  type VideoDetail,
  type VideoKeywordList,
  type VideoKeywordsBody,
  type VideoTrend,
  videoLimits,
  videoMessages,
  videoTabAliases,
  WORD_NEW_SEPARATOR,
} from '@dso/contract';
import { inAgeOrder, inCityLevelOrder } from '@dso/domain';
import type { Database } from '../../../db/client';
import { orNotFound } from '../../../lib/app-error';
import { unixSeconds } from '../../../lib/unix-seconds';
import { presentFigure, resolveViewer, type Viewer } from '../../keywords';
import { checkGradePermission } from '../../permissions';
import { portraitLabelColumns } from '../ingest/video-ingest.repository';
import { presentCreatorRow } from '../lists/creator-rows';
import {
  type CreatorRecord,
  findCreator,
  findHotWords,
  findPortrait,
  findRefreshRequestedAt,
  findTrend,
  findVideo,
  findVideoWithCreator,
  isFavourite,
  selectComments,
  selectVideoKeywords,
  type VideoRecord,
} from './video-detail.repository';

const HOUR_MS = 3_600_000;

/** The instant the video's 30-minute refresh lock ends, or null when it does not hold at `now`. */
export function refreshLockedUntil(requestedAt: Date | null, now: Date): Date | null {
  if (!requestedAt) return null;
  const until = new Date(requestedAt.getTime() + videoLimits.refreshLockMinutes * 60_000);
  return until > now ? until : null;
}

export async function requireVideo(db: Database, awemeId: string): Promise<VideoRecord> {
  return orNotFound(await findVideo(db, awemeId), videoMessages.videoNotFound);
}

/** The flags of the video panel's four tabs (002 §5): a grade holding them all sees the panel's full data. */
const videoPanelAliases = Object.values(videoTabAliases);

/** The flag of person detail's one tab beyond a login, the audience. */
const creatorDetailAliases = [videoTabAliases.audience];

/**
 * Whether a subject's data is example data to this viewer, the demo banner's one rule (000 §2.7, 002 §2:
 * 当前为示例数据，想要查看更多数据可选择升级会员): demo data, seen by a visitor or by a grade lacking one of
 * the detail's flags, to whom an upgrade shows more. A grade holding them all already sees everything
 * there is, so the banner's invitation would be false; real data is never example data.
 */
async function isExampleFor(
  db: Database,
  isDemo: boolean,
  viewer: Pick<Viewer, 'userId' | 'grade'>,
  aliases: readonly PermissionAlias[],
): Promise<boolean> {
  if (!isDemo) return false;
  if (viewer.userId === null) return true;
  const checks = await Promise.all(aliases.map((alias) => checkGradePermission(db, viewer.grade, alias)));
  return checks.some((check) => !check.granted);
}

/** The dialog's head and video data tab (002 §3 Video detail). Open to visitors. */
export async function videoDetail(
  db: Database,
  userId: number | null,
  awemeId: string,
  now = new Date(),
): Promise<VideoDetail> {
  const found = orNotFound(await findVideoWithCreator(db, awemeId), videoMessages.videoNotFound);
  const { video, creator } = found;
  const [requestedAt, collected, isExample] = await Promise.all([
    findRefreshRequestedAt(db, video.id),
    userId === null ? false : isFavourite(db, userId, 'video', video.awemeId),
    // The grade is read only for demo data: real data is never example data.
    video.isDemo && resolveViewer(db, userId).then((viewer) => isExampleFor(db, true, viewer, videoPanelAliases)),
  ]);
  const lockedUntil = refreshLockedUntil(requestedAt, now);
  return {
    video_id: video.awemeId,
    video_desc: video.videoDesc,
    video_tag: video.videoTag,
    video_score: video.videoScore,
    origin_cover: video.originCover,
    share_url: video.shareUrl,
    play_url: video.playUrl,
    user_id: creator.userId,
    user_nick_name: creator.nickName,
    avatar_larger: creator.avatar,
    total_follower_count: creator.totalFollowerCount,
    create_time: unixSeconds(video.createTime),
    last_update_time: unixSeconds(video.lastUpdateTime),
    duration: video.durationMs,
    good_count: video.goodCount,
    comment_count: video.commentCount,
    share_count: video.shareCount,
    collect_count: video.collectCount,
    music_id: video.musicId,
    music_title: video.musicTitle,
    is_with_goods: video.isWithGoods,
    goods: video.goods.map((item) => ({
      title: item.title,
      price: item.price_fen,
      sales: item.sales,
      cover: item.cover ?? null,
    })),
    word_new: video.wordNew.join(WORD_NEW_SEPARATOR),
    status: video.status,
    status_text: video.status === 'normal' ? null : videoMessages.deleted,
    creator_avg: {
      good_count: creator.avgGoodCount,
      comment_count: creator.avgCommentCount,
      share_count: creator.avgShareCount,
      collect_count: creator.avgCollectCount,
    },
    refresh_locked_until: lockedUntil ? unixSeconds(lockedUntil) : null,
    collected,
    is_demo: video.isDemo,
    is_example: isExample,
  };
}

/** A creator the library has, or 404 达人不存在. */
export async function requireCreator(db: Database, userId: string): Promise<CreatorRecord> {
  return orNotFound(await findCreator(db, userId), videoMessages.creatorNotFound);
}

/** The creator stats of 002 §3 with the per-video averages and the size and sales classes. Open. */
export async function creatorProfile(
  db: Database,
  userId: number | null,
  creatorUserId: string,
): Promise<CreatorProfile> {
  const creator = await requireCreator(db, creatorUserId);
  const [viewer, collected] = await Promise.all([
    resolveViewer(db, userId),
    userId === null ? false : isFavourite(db, userId, 'creator', creator.userId),
  ]);
  const isExample = await isExampleFor(db, creator.isDemo, viewer, creatorDetailAliases);
  return presentProfile(creator, presentFigure(creator.salesAmountFen, viewer), collected, isExample);
}

function presentProfile(
  creator: CreatorRecord,
  salesAmount: number | string,
  collected: boolean,
  isExample: boolean,
): CreatorProfile {
  return {
    ...presentCreatorRow(creator),
    signature: creator.signature,
    gender: creator.gender,
    verify_info: creator.verifyInfo,
    mcn: creator.mcn,
    video_comment_total_count: creator.videoCommentTotalCount,
    video_share_total_count: creator.videoShareTotalCount,
    avg_good_count: creator.avgGoodCount,
    avg_comment_count: creator.avgCommentCount,
    avg_share_count: creator.avgShareCount,
    avg_collect_count: creator.avgCollectCount,
    sales_amount: salesAmount,
    live_count: creator.liveCount,
    collected,
    is_example: isExample,
  };
}

/**
 * The hourly points of the first 48 hours, oldest first. A slot holds the figures at its hour's end
 * (the last point within the hour), so a point is placed at that end, or at the video's last update
 * for the hour under way: never before the publish time. An hour not observed is left out; the
 * increment is against the point before (the first point's increment is its value).
 */
/** When a trend slot's figures were observed: its hour's end, or the last update within that hour. */
function slotEnd(start: Date, slot: number, video: Pick<VideoRecord, 'createTime' | 'lastUpdateTime'>): Date {
  const end = start.getTime() + (slot + 1) * HOUR_MS;
  const updated = video.lastUpdateTime.getTime();
  const underWay = updated < end && updated >= Math.max(video.createTime.getTime(), end - HOUR_MS);
  return new Date(underWay ? updated : end);
}

export async function videoTrend(db: Database, awemeId: string): Promise<VideoTrend> {
  const video = await requireVideo(db, awemeId);
  const trend = await findTrend(db, video.id);
  if (!trend) return [];
  const points: VideoTrend = [];
  let previous = 0;
  const slots = Math.min(videoLimits.trendShownHours, trend.goodValues.length);
  for (let slot = 0; slot < slots; slot++) {
    const good = trend.goodValues[slot];
    if (good === null || good === undefined) continue;
    points.push({
      create_time: unixSeconds(slotEnd(trend.startTime, slot, video)),
      good_value: good,
      good_increment: good - previous,
      comment_value: trend.commentValues[slot] ?? 0,
      share_value: trend.shareValues[slot] ?? 0,
      collect_value: trend.collectValues[slot] ?? 0,
    });
    previous = good;
  }
  return points;
}

/** The top 10 words of the comments. */
export async function videoHotWords(db: Database, awemeId: string): Promise<HotWordWire[]> {
  const video = await requireVideo(db, awemeId);
  const words = await findHotWords(db, video.id);
  return [...words]
    .sort((a, b) => b.count - a.count)
    .slice(0, videoLimits.hotWords)
    .map((word) => ({ name: word.name, count: word.count }));
}

/** A page of comments, 20 a page, pages 1–10. */
export async function videoComments(db: Database, query: VideoCommentsQuery): Promise<VideoComments> {
  const video = await requireVideo(db, query.awemeId);
  const size = videoLimits.commentPageSize;
  const offset = (query.pageNo - 1) * size;
  const { rows, total } = await selectComments(db, video.id, offset, size);
  return {
    total_record: total,
    page_no: query.pageNo,
    has_more: query.pageNo < videoLimits.commentMaxPages && offset + rows.length < total,
    result: rows.map((row) => ({
      cid: row.cid,
      text: row.text,
      create_time: unixSeconds(row.createTime),
      digg_count: row.diggCount,
      reply_count: row.replyCount,
      user: { nickname: row.nickname, avatar_thumb: { url_list: row.avatarUrl ? [row.avatarUrl] : [] } },
    })),
  };
}

const byShare = (shares: Array<{ name: string; value: number }>, limit?: number) =>
  [...shares].sort((a, b) => b.value - a.value).slice(0, limit);

/** The audience of a video (002 §3 Portrait); every list empty and 暂无观众画像 when there is none. */
export async function videoPortrait(db: Database, awemeId: string): Promise<AudiencePortrait> {
  const video = await requireVideo(db, awemeId);
  return presentPortrait(await findPortrait(db, 'video', video.id));
}

/**
 * A stored portrait (of a video or a creator) on the wire: the age buckets and city levels along
 * their scales, the other distributions largest first, the regions' top 10, and the empty texts; no
 * row gives every list empty with 暂无观众画像.
 */
export function presentPortrait(row: Awaited<ReturnType<typeof findPortrait>>): AudiencePortrait {
  if (!row) return noAudiencePortrait;
  const top = videoLimits.portraitTopRegions;
  const provinceMore = byShare(row.provinceMore, top);
  const cityMore = byShare(row.cityMore, top);
  return {
    ...portraitLabelColumns(row),
    gender_more: byShare(row.genderMore),
    age_more: inAgeOrder(row.ageMore),
    province_more: provinceMore,
    city_more: cityMore,
    city_level_more: inCityLevelOrder(row.cityLevelMore),
    device_more: byShare(row.deviceMore),
    interest_more: byShare(row.interestMore),
    as_of: row.asOf,
    empty_text: null,
    region_empty_text: provinceMore.length === 0 && cityMore.length === 0 ? videoMessages.noRegion : null,
  };
}

/** The related keyword table: the video's library keywords with their figures, filtered and sorted. */
export async function videoKeywordList(
  db: Database,
  userId: number,
  body: VideoKeywordsBody,
): Promise<VideoKeywordList> {
  const params = body.params_data;
  const [video, viewer] = await Promise.all([requireVideo(db, params.video_id), resolveViewer(db, userId)]);
  const { rows, total } = await selectVideoKeywords(
    db,
    video.id,
    {
      competitionStart: params.competition_start,
      competitionEnd: params.competition_end,
      coverStart: params.month_cover_count_start,
      coverEnd: params.month_cover_count_end,
      keyword: params.keyword,
    },
    body.orders,
    (body.page_no - 1) * body.page_size,
    body.page_size,
  );
  return {
    total_record: total,
    result: rows.map((row) => ({
      keyword: row.keyword,
      month_cover_count: presentFigure(row.monthCoverCount, viewer),
      competition: row.competition,
      search_rank: row.searchRank,
    })),
  };
}

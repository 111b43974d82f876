import {
  Code,
  type CollectType,
  type CreatorRow,
  collectTypes,
  type FavouriteBody,
  type FavouriteList,
  type FavouriteListQuery,
  type VideoRow,
  videoLimits,
  videoMessages,
} from '@dso/contract';
import { creatorClass, salesClass } from '@dso/domain';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { presentRow, resolveViewer } from '../../keywords/search/keywords.service';
import type { CreatorRecord, VideoRecord } from '../detail/video-detail.repository';
import {
  countFavourites,
  creatorExists,
  deleteFavourite,
  type FavouriteSubject,
  hasFavourite,
  insertFavourite,
  selectCreatorsByUserId,
  selectFavourites,
  selectKeywordsByText,
  selectVideosByAwemeId,
  videoExists,
} from './favourites.repository';

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

function subjectOf(body: FavouriteBody): FavouriteSubject {
  const { kind, platform } = collectTypes[body.type];
  return { kind, platform, key: body.subject };
}

/**
 * Collects a keyword, video or creator (collecting twice changes nothing). A video or creator must be
 * in the library (404 视频不存在 / 达人不存在); a keyword is kept by its text whether or not the library
 * has it now. At `favouritesPerType` a new subject is refused with 收藏数量已达上限.
 */
export async function addFavourite(db: Database, userId: number, body: FavouriteBody) {
  const subject = subjectOf(body);
  if (subject.kind === 'video' && !(await videoExists(db, subject.key))) {
    throw new AppError(Code.NOT_FOUND, videoMessages.videoNotFound);
  }
  if (subject.kind === 'creator' && !(await creatorExists(db, subject.key))) {
    throw new AppError(Code.NOT_FOUND, videoMessages.creatorNotFound);
  }
  if (
    !(await hasFavourite(db, userId, subject)) &&
    (await countFavourites(db, userId, subject)) >= videoLimits.favouritesPerType
  ) {
    throw AppError.toast(videoMessages.favouriteLimit);
  }
  await insertFavourite(db, userId, subject);
  return { collected: true };
}

/** Removes a favourite; removing what is not collected changes nothing. */
export async function removeFavourite(db: Database, userId: number, body: FavouriteBody) {
  await deleteFavourite(db, userId, subjectOf(body));
  return { collected: false };
}

/** A page of one collect type's favourites, newest first, each with its library row (null when gone). */
export async function listFavourites(db: Database, userId: number, query: FavouriteListQuery): Promise<FavouriteList> {
  const { kind, platform } = collectTypes[query.type];
  const [rows, total] = await Promise.all([
    selectFavourites(db, userId, { kind, platform }, (query.page_no - 1) * query.page_size, query.page_size),
    countFavourites(db, userId, { kind, platform }),
  ]);
  const keys = rows.map((row) => row.key);
  const items = rows.map((row) => ({
    type: query.type as CollectType,
    subject: row.key,
    created_at: seconds(row.createdAt),
    keyword: null,
    video: null,
    creator: null,
  }));
  if (kind === 'keyword') {
    const viewer = await resolveViewer(db, userId);
    const found = new Map((await selectKeywordsByText(db, platform, keys)).map((row) => [row.keyword, row]));
    return {
      total_record: total,
      result: items.map((item) => {
        const row = found.get(item.subject);
        return { ...item, keyword: row ? presentRow(row, viewer) : null };
      }),
    };
  }
  if (kind === 'video') {
    const found = new Map((await selectVideosByAwemeId(db, keys)).map((row) => [row.video.awemeId, row]));
    return {
      total_record: total,
      result: items.map((item) => {
        const row = found.get(item.subject);
        return { ...item, video: row ? videoRow(row.video, row.creator) : null };
      }),
    };
  }
  const found = new Map((await selectCreatorsByUserId(db, keys)).map((row) => [row.userId, row]));
  return {
    total_record: total,
    result: items.map((item) => {
      const row = found.get(item.subject);
      return { ...item, creator: row ? creatorRow(row) : null };
    }),
  };
}

/** A video in a list. */
export function videoRow(video: VideoRecord, creator: CreatorRecord): VideoRow {
  return {
    video_id: video.awemeId,
    video_desc: video.videoDesc,
    origin_cover: video.originCover,
    share_url: video.shareUrl,
    duration: video.durationMs,
    create_time: seconds(video.createTime),
    video_score: video.videoScore,
    good_count: video.goodCount,
    comment_count: video.commentCount,
    share_count: video.shareCount,
    collect_count: video.collectCount,
    is_with_goods: video.isWithGoods,
    status: video.status,
    user_id: creator.userId,
    user_nick_name: creator.nickName,
    avatar_larger: creator.avatar,
    total_follower_count: creator.totalFollowerCount,
    is_demo: video.isDemo,
  };
}

/** A creator in a list. */
export function creatorRow(creator: CreatorRecord): CreatorRow {
  const sales = salesClass(creator.salesAmountFen);
  return {
    user_id: creator.userId,
    unique_id: creator.uniqueId,
    nick_name: creator.nickName,
    avatar_larger: creator.avatar,
    field: creator.field,
    province: creator.province,
    city: creator.city,
    verified: creator.verified,
    is_commerce: creator.isCommerce,
    total_follower_count: creator.totalFollowerCount,
    follower_growth_30d: creator.followerGrowth30d,
    total_favorited: creator.totalFavorited,
    aweme_count: creator.awemeCount,
    size_class: creatorClass(creator.totalFollowerCount),
    sales_class: { code: sales.code, label: sales.label },
    as_of: creator.asOf,
    is_demo: creator.isDemo,
  };
}

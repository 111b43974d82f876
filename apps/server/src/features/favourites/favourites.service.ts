import {
  type CollectType,
  collectTypes,
  type FavouriteBody,
  type FavouriteList,
  type FavouriteListQuery,
  videoLimits,
  videoMessages,
} from '@dso/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { unixSeconds } from '../../lib/unix-seconds';
import { presentRow, resolveViewer } from '../keywords';
import { presentCreatorRow, presentVideoRow } from '../videos';
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
    throw AppError.notFound(videoMessages.videoNotFound);
  }
  if (subject.kind === 'creator' && !(await creatorExists(db, subject.key))) {
    throw AppError.notFound(videoMessages.creatorNotFound);
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

/** Whether the user collected a subject (a keyword page asks; video and creator details carry it). */
export async function favouriteState(db: Database, userId: number, query: FavouriteBody) {
  return { collected: await hasFavourite(db, userId, subjectOf(query)) };
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
    created_at: unixSeconds(row.createdAt),
    keyword: null,
    video: null,
    creator: null,
  }));
  type Item = (typeof items)[number];
  // Each item gets its subject's library row, found by the subject's key (null when the library lost it).
  const pageOf = <Row>(
    found: Row[],
    keyOf: (row: Row) => string,
    attach: (item: Item, row: Row | undefined) => FavouriteList['result'][number],
  ): FavouriteList => {
    const byKey = new Map(found.map((row) => [keyOf(row), row]));
    return { total_record: total, result: items.map((item) => attach(item, byKey.get(item.subject))) };
  };
  if (kind === 'keyword') {
    const viewer = await resolveViewer(db, userId);
    return pageOf(
      await selectKeywordsByText(db, platform, keys),
      (row) => row.keyword,
      (item, row) => ({ ...item, keyword: row ? presentRow(row, viewer) : null }),
    );
  }
  if (kind === 'video') {
    return pageOf(
      await selectVideosByAwemeId(db, keys),
      (row) => row.awemeId,
      (item, row) => ({ ...item, video: row ? presentVideoRow(row) : null }),
    );
  }
  return pageOf(
    await selectCreatorsByUserId(db, keys),
    (row) => row.userId,
    (item, row) => ({ ...item, creator: row ? presentCreatorRow(row) : null }),
  );
}

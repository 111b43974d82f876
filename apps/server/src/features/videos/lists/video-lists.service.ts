import {
  type KeywordRankList,
  type KeywordRankQuery,
  type LowFollowerHitsQuery,
  type VideoList,
  type VideoSearchQuery,
  videoLimits,
} from '@dso/contract';
import type { Database } from '../../../db/client';
import { pageWithin, resolveViewer, rowsAllowed, type Viewer } from '../../keywords';
import * as repository from './video-lists.repository';
import { presentVideoRow } from './video-rows';

/**
 * The rows of a video list a viewer may reach (`data_max`): visitors the guest rows, then the login
 * prompt; users their grade's VIDEO_LIBRARY_ROWS. Topic lists and a topic's works share it.
 */
export const VIDEO_ROWS_ALIAS = 'VIDEO_LIBRARY_ROWS';

/** The viewer of a list and the slice of the page within their cap. */
export async function listAccess(db: Database, userId: number | null, query: { page_no: number; page_size: number }) {
  const viewer = await resolveViewer(db, userId);
  const dataMax = await rowsAllowed(db, viewer, VIDEO_ROWS_ALIAS);
  return { viewer, dataMax, page: pageWithin(query.page_no, query.page_size, dataMax) };
}

/** The list shape of 002 §3 around rows. */
export function listShape<Row>(
  viewer: Viewer,
  dataMax: number,
  result: Row[],
  total: { total: number; estimated?: boolean },
) {
  return {
    total_record: total.total,
    total_estimated: total.estimated ?? false,
    data_max: dataMax,
    user_grade: viewer.grade,
    result,
  };
}

/** Title search (header search 视频): most liked or newest first. */
export async function searchVideoList(
  db: Database,
  userId: number | null,
  query: VideoSearchQuery,
  /** Where the library is read (`app.readDb`, a replica); the viewer's row allowance stays on `db`. */
  reads: Database = db,
): Promise<VideoList> {
  const { viewer, dataMax, page } = await listAccess(db, userId, query);
  const found = await repository.searchVideos(reads, query, page);
  return listShape(viewer, dataMax, found.rows.map(presentVideoRow), found);
}

/**
 * The works ranked under a DSO keyword on a day (the latest ranked day by default), by place. A
 * keyword the library lacks, or without ranked works, answers an empty list with `as_of` null.
 */
export async function keywordRankList(
  db: Database,
  userId: number | null,
  query: KeywordRankQuery,
  /** Where the library is read (`app.readDb`, a replica); the viewer's row allowance stays on `db`. */
  reads: Database = db,
): Promise<KeywordRankList> {
  const { viewer, dataMax, page } = await listAccess(db, userId, query);
  const keywordId = await repository.findKeywordId(reads, query.keyword);
  const day = keywordId === null ? null : (query.date ?? (await repository.latestRankDay(reads, keywordId)));
  if (keywordId === null || day === null) {
    return { ...listShape(viewer, dataMax, [], { total: 0 }), keyword: query.keyword, as_of: null };
  }
  const ranked = await repository.selectRankedVideos(reads, keywordId, day, page);
  const rows = ranked.rows.map((row) => ({ ...presentVideoRow(row), rank: row.rank }));
  return { ...listShape(viewer, dataMax, rows, ranked), keyword: query.keyword, as_of: day };
}

/** Small accounts' breakout works (/DouyinTopic/lowPowderPop), newest first, optionally of a field. */
export async function lowFollowerHitList(
  db: Database,
  userId: number | null,
  query: LowFollowerHitsQuery,
  /** Where the library is read (`app.readDb`, a replica); the viewer's row allowance stays on `db`. */
  reads: Database = db,
): Promise<VideoList> {
  const { viewer, dataMax, page } = await listAccess(db, userId, query);
  const found = await repository.selectLowFollowerHits(
    reads,
    {
      field: query.field || undefined,
      maxFollowers: videoLimits.lowFollowerMaxFollowers,
      minLikesPerFollower: videoLimits.lowFollowerMinLikesPerFollower,
    },
    page,
  );
  return listShape(viewer, dataMax, found.rows.map(presentVideoRow), found);
}

import type { Database } from '../../../db/client';
import { findVideo, selectComments } from '../detail/video-detail.repository';
import * as repository from './video-lists.repository';
import type { VideoRowRecord } from './video-rows';

/** A top video of a keyword with its most liked comments: material for the AI tools. */
export interface KeywordTopVideo {
  awemeId: string;
  title: string;
  goodCount: number;
  comments: string[];
}

/**
 * The top videos of a DSO keyword: the works ranked under it on its latest ranked day, by place; when
 * it has none, the most liked works whose title holds it. Each with its most liked comments (empty
 * ones left out), the title without its topic tags. What AI 文案 writes from and cites.
 */
export async function keywordTopVideos(
  db: Database,
  keyword: string,
  options: { videos: number; comments: number },
): Promise<KeywordTopVideo[]> {
  const page = { offset: 0, limit: options.videos };
  const keywordId = await repository.findKeywordId(db, keyword);
  const day = keywordId === null ? null : await repository.latestRankDay(db, keywordId);
  let rows: VideoRowRecord[] =
    keywordId !== null && day !== null ? (await repository.selectRankedVideos(db, keywordId, day, page)).rows : [];
  if (rows.length === 0) rows = (await repository.searchVideos(db, { keyword, sort: 'good_count' }, page)).rows;
  return Promise.all(
    rows.map(async (row) => {
      const video = await findVideo(db, row.awemeId);
      const comments = video ? (await selectComments(db, video.id, 0, options.comments * 2)).rows : [];
      return {
        awemeId: row.awemeId,
        // The description without its topic tags (#露营 #户外) reads as the video's title.
        title: row.videoDesc.replace(/\s*#\S+/g, '').trim() || row.videoDesc,
        goodCount: row.goodCount,
        comments: comments
          .map((comment) => comment.text.trim())
          .filter(Boolean)
          .slice(0, options.comments),
      };
    }),
  );
}

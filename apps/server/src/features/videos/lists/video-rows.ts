import type { VideoRow } from '@dso/contract';
import { creators, videos } from '../../../db/schema';

/**
 * A work in a list (contract `videoRowSchema`): the columns every video list selects, and the one
 * mapping to the wire. Lists join `videos` to `creators`; the creator's public figures travel with
 * each row so a card needs no second call.
 */
export const videoRowColumns = {
  awemeId: videos.awemeId,
  videoDesc: videos.videoDesc,
  originCover: videos.originCover,
  shareUrl: videos.shareUrl,
  durationMs: videos.durationMs,
  createTime: videos.createTime,
  videoScore: videos.videoScore,
  goodCount: videos.goodCount,
  commentCount: videos.commentCount,
  shareCount: videos.shareCount,
  collectCount: videos.collectCount,
  isWithGoods: videos.isWithGoods,
  status: videos.status,
  isDemo: videos.isDemo,
  userId: creators.userId,
  nickName: creators.nickName,
  avatar: creators.avatar,
  followers: creators.totalFollowerCount,
};

export type VideoRowRecord = {
  [Key in keyof typeof videoRowColumns]: (typeof videoRowColumns)[Key]['_']['data'];
};

/** A selected row on the wire: instants in Unix seconds, the score as stored. */
export function presentVideoRow(row: VideoRowRecord): VideoRow {
  return {
    video_id: row.awemeId,
    video_desc: row.videoDesc,
    origin_cover: row.originCover,
    share_url: row.shareUrl,
    duration: row.durationMs,
    create_time: Math.floor(row.createTime.getTime() / 1000),
    video_score: row.videoScore,
    good_count: row.goodCount,
    comment_count: row.commentCount,
    share_count: row.shareCount,
    collect_count: row.collectCount,
    is_with_goods: row.isWithGoods,
    status: row.status,
    user_id: row.userId,
    user_nick_name: row.nickName,
    avatar_larger: row.avatar,
    total_follower_count: row.followers,
    is_demo: row.isDemo,
  };
}

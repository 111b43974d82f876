/*
 * Writes platform data (the demo generator, the importers, the platform data provider) into the video
 * tables. Every write is an idempotent upsert by the platform's own keys (user id, aweme id, comment
 * id, room id, topic name and day), one statement per batch with the rows as one JSON parameter or
 * as arrays per column, so a re-import updates and never duplicates, and a large load costs a few
 * statements per thousand rows. Callers batch (about a thousand rows) and yield between batches.
 *
 * Derived facts are made at ingest, once: the per-video averages (`averagePerVideo` over the totals), the
 * title and nickname grams (`keywordGrams`, the keyword search's n-grams). A figure the source does not
 * give (null) keeps the stored one.
 *
 * One module per kind of data written, under kinds/ (as the importers' kinds/ are), each with the
 * look-ups by the platform's keys that the importers name its rows by; this module is what callers import.
 */

export { type CommentIngest, upsertComments } from './kinds/comments.ingest';
export {
  type CreatorIngest,
  findCreatorIdsByUserId,
  upsertCreators,
} from './kinds/creators.ingest';
export { upsertFollowerHistory } from './kinds/follower-history.ingest';
export {
  findLiveSessionIdsByRoomId,
  type LiveMinuteIngest,
  type LiveSessionIngest,
  upsertLiveMinutes,
  upsertLiveSessions,
} from './kinds/live-sessions.ingest';
export {
  type PortraitIngest,
  portraitLabelColumns,
  selectPortraits,
  upsertPortraits,
} from './kinds/portraits.ingest';
export {
  findTopicIds,
  linkTopicVideos,
  type TopicIngest,
  topicKey,
  upsertTopics,
} from './kinds/topics.ingest';
export { selectTrends, type TrendIngest, upsertTrends } from './kinds/trends.ingest';
export { linkVideoKeywords, rankUnrankedKeywordVideos, type VideoKeywordIngest } from './kinds/video-keywords.ingest';
export { findVideosByAwemeId, upsertVideos, type VideoIngest } from './kinds/videos.ingest';

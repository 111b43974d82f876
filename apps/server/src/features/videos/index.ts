/**
 * What the videos feature offers other features: a video row as every list selects and shows it, the
 * list paging and order the topic and creator lists share, a keyword's top videos, a creator by id (or 404) and as a list row, audience portraits,
 * the demo library, the uploads of video-data files (the console's 数据 page), and refreshing one video or
 * creator from the platform data provider and storing the works a keyword's search found and the topics the source
 * suggested (the scheduled collections).
 */

export { generateVideoDemo } from './demo/generator';
export { firstRunVideoOptions, seedVideoDemo } from './demo/seed';
export { type CreatorRecord, findPortrait } from './detail/video-detail.repository';
export { creatorProfile, presentPortrait, requireCreator, videoDetail } from './detail/video-detail.service';
export { videoFormatOfFileName } from './import/video-import';
export {
  createVideoImport,
  findVideoImportReport,
  listVideoImportReports,
  VIDEOS_IMPORT_JOB,
  videoImportJobHandlers,
  videoImportKindOf,
} from './import/video-import.jobs';
export { presentCreatorRow } from './lists/creator-rows';
export { keywordTopVideos } from './lists/keyword-top-videos';
export { scheduleTitleGramsCompaction, titleGramJobHandlers } from './lists/title-grams';
export { type Page, videoOrder } from './lists/video-lists.repository';
export { listAccess, listShape, searchVideoList } from './lists/video-lists.service';
export { presentVideoRow, type VideoRowRecord, videoRowColumns } from './lists/video-rows';
export { type CollectedTopic, storeCollectedTopics } from './refresh/collected-topics';
export { creatorsMissing, storeDiscoveredWorks } from './refresh/discovered-works';
export { topVideoIds } from './refresh/top-videos';
export { refreshCreator, refreshVideo, videoJobHandlers } from './refresh/video-refresh.job';
export { libraryCreator, libraryVideo, VIDEO_PLATFORM } from './video-platform';
export { videosRoutes } from './videos.routes';

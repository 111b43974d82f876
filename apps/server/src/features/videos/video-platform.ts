import { and, eq, type SQL } from 'drizzle-orm';
import { creators, videos } from '../../db/schema';

/**
 * The platform scope of the video library: the `platform` of its creators, videos, live sessions and
 * topics, and the scope of their title and nickname grams. Platform data is imported per platform; the
 * pages show Douyin's, the DSO scope (the keyword search's too).
 */
export const VIDEO_PLATFORM = 'DSO';

/** The library's video with Douyin's id `awemeId`, as a WHERE condition. */
export function libraryVideo(awemeId: string): SQL {
  return and(eq(videos.platform, VIDEO_PLATFORM), eq(videos.awemeId, awemeId))!;
}

/** The library's creator with the platform's user id `userId`, as a WHERE condition. */
export function libraryCreator(userId: string): SQL {
  return and(eq(creators.platform, VIDEO_PLATFORM), eq(creators.userId, userId))!;
}

import { type VideoRefresh, videoLimits, videoMessages } from '@dso/contract';
import type { Database } from '../../../db/client';
import { unixSeconds } from '../../../lib/unix-seconds';
import { enqueueJob } from '../../jobs';
import { findRefreshRequestedAt } from '../detail/video-detail.repository';
import { refreshLockedUntil, requireVideo } from '../detail/video-detail.service';
import { setRefreshJob, takeRefreshLock } from './video-refresh.repository';

/** The job that fetches a video's fresh figures from the platform data provider. */
export const VIDEOS_REFRESH_JOB = 'videos.refresh';

const lockMs = videoLimits.refreshLockMinutes * 60_000;

/**
 * The refresh-data button (002 §4, §9): takes the video's 30-minute lock and queues a refresh job, or
 * finds the lock held. Either way the answer is 数据正在更新中，请您稍后再来查看 and the instant the lock
 * ends. The lock and the job are one transaction: a lock is never taken without its job.
 */
export async function requestVideoRefresh(
  db: Database,
  userId: number,
  awemeId: string,
  now = new Date(),
): Promise<VideoRefresh> {
  const video = await requireVideo(db, awemeId);
  const taken = await db.transaction(async (tx) => {
    const requestedAt = await takeRefreshLock(tx, video.id, userId, videoLimits.refreshLockMinutes);
    if (!requestedAt) return null;
    const jobId = await enqueueJob(tx, {
      kind: VIDEOS_REFRESH_JOB,
      payload: { awemeId: video.awemeId },
      singletonKey: video.awemeId,
    });
    await setRefreshJob(tx, video.id, jobId);
    return requestedAt;
  });
  if (taken) {
    return {
      queued: true,
      message: videoMessages.refreshing,
      locked_until: unixSeconds(new Date(taken.getTime() + lockMs)),
    };
  }
  const requestedAt = await findRefreshRequestedAt(db, video.id);
  const until = refreshLockedUntil(requestedAt, now) ?? new Date((requestedAt ?? now).getTime() + lockMs);
  return { queued: false, message: videoMessages.refreshing, locked_until: unixSeconds(until) };
}

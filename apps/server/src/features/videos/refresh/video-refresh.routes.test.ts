import { Code, VideoPath, videoMessages } from '@dso/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creators, jobs, videoComments, videoRefreshes, videos } from '../../../db/schema';
import type { PlatformDataProvider, PlatformVideoRecord } from '../../../providers/platform-data';
import { startFakeTikhub } from '../../../providers/platform-data/fake-tikhub';
import { platformCreatorRecord, platformVideoRecord } from '../../../providers/platform-data/platform-data.fixtures';
import { createTikhubPlatformData } from '../../../providers/platform-data/tikhub';
import { createUser, createVideo, loginAs } from '../../../testing';
import { useTestApp } from '../../../testing/route-suite';
import type { JobContext } from '../../jobs';
import { videoJobHandlers } from './video-refresh.job';
import { VIDEOS_REFRESH_JOB } from './video-refresh.service';

const HOUR_MS = 3_600_000;

describe('refreshing a video’s data', () => {
  const t = useTestApp();
  const { db } = t;

  const press = async (awemeId: string, token?: string) =>
    (
      await t.request({ method: 'POST', url: VideoPath.refresh, body: { awemeId }, ...(token ? { token } : {}) })
    ).json();
  const member = () => t.tokenOf('FREE');
  const queuedJobs = async (awemeId: string) =>
    db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, VIDEOS_REFRESH_JOB), eq(jobs.singletonKey, awemeId)));
  /** Moves the video's last accepted refresh back in time, as if those minutes had passed. */
  const backdate = async (videoId: number, minutes: number) =>
    db()
      .update(videoRefreshes)
      .set({ requestedAt: sql`requested_at - make_interval(mins => ${minutes})` })
      .where(eq(videoRefreshes.videoId, videoId));

  it('asks a visitor to log in, and refuses an unknown video and a missing id', async () => {
    const video = await createVideo(db());
    expect((await press(video.awemeId)).code).toBe(Code.TOKEN_INVALID);
    const token = await member();
    expect(await press('404404', token)).toMatchObject({ code: Code.NOT_FOUND, msg: videoMessages.videoNotFound });
    expect(await press('', token)).toMatchObject({ code: Code.BAD_REQUEST, msg: videoMessages.linkMissing });
  });

  it('queues one refresh job and locks the video for 30 minutes; a second press within them is locked', async () => {
    const video = await createVideo(db());
    const first = await press(video.awemeId, await member());
    expect(first).toMatchObject({ code: Code.OK, data: { queued: true, message: '数据正在更新中，请您稍后再来查看' } });
    const [lock] = await db().select().from(videoRefreshes).where(eq(videoRefreshes.videoId, video.id));
    expect(first.data.locked_until).toBe(Math.floor(lock!.requestedAt.getTime() / 1000) + 30 * 60);
    const queued = await queuedJobs(video.awemeId);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.payload).toEqual({ awemeId: video.awemeId });
    expect(lock!.jobId).toBe(queued[0]!.id);

    const second = await press(video.awemeId, await member());
    expect(second.data).toEqual({
      queued: false,
      message: videoMessages.refreshing,
      locked_until: first.data.locked_until,
    });
    expect(await queuedJobs(video.awemeId)).toHaveLength(1);

    const detail = (await t.request({ method: 'GET', url: `${VideoPath.detail}?awemeId=${video.awemeId}` })).json();
    expect(detail.data.refresh_locked_until).toBe(first.data.locked_until);
  });

  it('is free again after 30 minutes', async () => {
    const video = await createVideo(db());
    const token = await member();
    expect((await press(video.awemeId, token)).data.queued).toBe(true);
    await backdate(video.id, 29);
    expect((await press(video.awemeId, token)).data.queued).toBe(false);
    await backdate(video.id, 2);
    const detail = (await t.request({ method: 'GET', url: `${VideoPath.detail}?awemeId=${video.awemeId}` })).json();
    expect(detail.data.refresh_locked_until).toBeNull();
    const again = await press(video.awemeId, token);
    expect(again.data.queued).toBe(true);
    expect(again.data.locked_until).toBeGreaterThan(Math.floor(Date.now() / 1000) + 29 * 60);
  });

  it('queues one refresh for two presses at the same time', async () => {
    const video = await createVideo(db());
    const [a, b] = [await member(), await member()];
    const answers = await Promise.all([press(video.awemeId, a), press(video.awemeId, b)]);
    expect(answers.map((answer) => answer.data.queued).sort()).toEqual([false, true]);
    expect(await queuedJobs(video.awemeId)).toHaveLength(1);
  });

  describe('the refresh job', () => {
    const context = (): JobContext => ({
      db: db(),
      job: { id: 1, kind: VIDEOS_REFRESH_JOB, payload: {}, attempts: 1, maxAttempts: 5 },
      log: { info: () => {}, warn: () => {}, error: () => {} } as unknown as JobContext['log'],
      signal: new AbortController().signal,
    });

    const sourceFor = (record: PlatformVideoRecord, overrides: Partial<PlatformDataProvider> = {}) =>
      ({
        name: 'fake',
        isDemo: true,
        fetchVideo: async (awemeId: string) => (awemeId === record.awemeId ? record : null),
        fetchCreator: async (userId: string) =>
          platformCreatorRecord(userId, {
            uniqueId: 'fresh',
            verified: true,
            isCommerce: true,
            followerCount: 2_000_000,
            totalFavorited: 10_000,
            awemeCount: 10,
            videoCommentTotalCount: 500,
            videoShareTotalCount: 200,
          }),
        fetchCreatorVideos: async () => ({ items: [], nextCursor: null, total: 0 }),
        fetchComments: async () => ({
          items: [
            {
              cid: 'fresh-1',
              text: '好吃',
              createTime: record.createTime,
              diggCount: 99,
              replyCount: 1,
              nickname: '吃货',
              avatarUrl: '',
            },
          ],
          nextCursor: null,
          total: 1,
        }),
        fetchTrend: async () => [
          {
            at: new Date(record.createTime.getTime() + 10 * 60_000),
            goodCount: 5,
            commentCount: 1,
            shareCount: 0,
            collectCount: 0,
          },
          {
            at: new Date(record.createTime.getTime() + 2 * HOUR_MS),
            goodCount: 50,
            commentCount: 3,
            shareCount: 1,
            collectCount: 2,
          },
        ],
        searchVideos: async () => ({ items: [], nextCursor: null, total: 0 }),
        ...overrides,
      }) satisfies PlatformDataProvider;

    const recordOf = (awemeId: string, authorUserId: string) =>
      platformVideoRecord(awemeId, authorUserId, {
        desc: '新的标题',
        tags: ['新'],
        cover: 'c',
        shareUrl: 's',
        durationMs: 0,
        goodCount: 77_000,
        commentCount: 1,
        collectCount: 6,
        goods: [],
        status: 'hidden',
      });

    it('writes the provider’s fresh figures, author, comments and trend', async () => {
      const video = await createVideo(db());
      const [author] = await db().select().from(creators).where(eq(creators.id, video.creatorId));
      const handlers = videoJobHandlers({ platformData: sourceFor(recordOf(video.awemeId, author!.userId)) });
      await handlers[VIDEOS_REFRESH_JOB]!({ awemeId: video.awemeId }, context());

      const [fresh] = await db().select().from(videos).where(eq(videos.id, video.id));
      expect(fresh).toMatchObject({
        videoDesc: '新的标题',
        goodCount: 77_000,
        status: 'hidden',
        playUrl: null,
        isDemo: true,
      });
      expect(fresh!.lastUpdateTime.toISOString()).toBe('2026-11-22T20:00:00.000Z');
      const [creator] = await db().select().from(creators).where(eq(creators.id, video.creatorId));
      expect(creator).toMatchObject({
        nickName: '新名字',
        totalFollowerCount: 2_000_000,
        avgGoodCount: 1_000,
        asOf: '2026-11-23',
      });
      const comments = await db().select().from(videoComments).where(eq(videoComments.videoId, video.id));
      expect(comments.map((comment) => comment.cid)).toEqual(['fresh-1']);

      const token = await loginAs(db(), (await createUser(db(), { grade: 'FREE' })).id);
      const trend = (
        await t.request({ method: 'GET', url: `${VideoPath.trend}?aweme_id=${video.awemeId}`, token })
      ).json();
      expect(trend.data.map((point: { good_value: number }) => point.good_value)).toEqual([5, 50]);
      expect(trend.data[1].good_increment).toBe(45);
    });

    it('with TikHub (no history, no goods, no work totals): builds the trend from refreshes, keeps the rest', async () => {
      const fake = await startFakeTikhub({ apiKey: 'refresh-key' });
      try {
        const publishedAt = new Date('2026-11-01T08:20:00Z');
        const video = await createVideo(db(), { createTime: publishedAt });
        const [author] = await db().select().from(creators).where(eq(creators.id, video.creatorId));
        fake.addUser({ secUid: author!.userId, nickname: '抖音上的名字', followers: 88_000, awemeCount: 30 });
        const refreshAt = async (hours: number, digg: number) => {
          fake.addAweme({
            awemeId: video.awemeId,
            authorSecUid: author!.userId,
            createTime: publishedAt.getTime() / 1000,
            digg,
            comments: 3,
          });
          const at = new Date(publishedAt.getTime() + hours * HOUR_MS);
          const source = createTikhubPlatformData({ baseUrl: fake.url, apiKey: 'refresh-key', now: () => at });
          await videoJobHandlers({ platformData: source })[VIDEOS_REFRESH_JOB]!({ awemeId: video.awemeId }, context());
        };
        await refreshAt(1, 40);
        await refreshAt(3, 90);
        await refreshAt(100, 500); // past the 72 hours: no point, the figures still update

        const token = await member();
        const trend = (
          await t.request({ method: 'GET', url: `${VideoPath.trend}?aweme_id=${video.awemeId}`, token })
        ).json();
        expect(trend.data.map((point: { good_value: number }) => point.good_value)).toEqual([40, 90]);
        const [fresh] = await db().select().from(videos).where(eq(videos.id, video.id));
        expect(fresh).toMatchObject({ goodCount: 500, isWithGoods: true, isDemo: false });
        expect(fresh!.goods).toEqual(video.goods);
        // The product's own figures are not the source's: they stay.
        expect([fresh!.videoScore, fresh!.wordNew, fresh!.transcript]).toEqual([
          video.videoScore,
          video.wordNew,
          video.transcript,
        ]);
        const [creator] = await db().select().from(creators).where(eq(creators.id, video.creatorId));
        expect(creator).toMatchObject({
          nickName: '抖音上的名字',
          totalFollowerCount: 88_000,
          videoCommentTotalCount: author!.videoCommentTotalCount,
          avgCommentCount: author!.avgCommentCount,
          avgCollectCount: author!.avgCollectCount,
        });
      } finally {
        await fake.close();
      }
    });

    it('fails at once when the source refuses our credentials, and leaves a video it does not know alone', async () => {
      const video = await createVideo(db());
      const refused = Object.assign(new Error('bad key'), { reason: 'unauthorized' });
      const handlers = videoJobHandlers({
        platformData: sourceFor(recordOf(video.awemeId, 'x'), {
          fetchVideo: async () => {
            throw refused;
          },
        }),
      });
      await expect(handlers[VIDEOS_REFRESH_JOB]!({ awemeId: video.awemeId }, context())).rejects.toMatchObject({
        name: 'PermanentJobError',
      });
      const unknown = videoJobHandlers({ platformData: sourceFor(recordOf('someone-else', 'x')) });
      await unknown[VIDEOS_REFRESH_JOB]!({ awemeId: video.awemeId }, context());
      const [same] = await db().select().from(videos).where(eq(videos.id, video.id));
      expect(same!.videoDesc).toBe(video.videoDesc);
    });
  });
});

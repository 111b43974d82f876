import { Code, VideoPath } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoHotWords, videos } from '../../../db/schema';
import { demoAsOf } from '../../../startup';
import { createTestApp, createUser, drainJobs, loginAs, smallVideoDemo, type TestApp } from '../../../testing';
import { seedVideoDemo } from '../demo/seed';

/**
 * The refresh button end to end on the default providers: a demo work seeded as of yesterday, the
 * button pressed through the route, the job run by the worker with the app's sandbox platform data.
 */
describe('refreshing a demo video through the sandbox provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedVideoDemo(t.database.db, smallVideoDemo(demoAsOf(), { creators: 40, videos: 300 }));
  }, 120_000);
  afterAll(async () => t.close());

  it('ends with the figures moved forward, comments stored and their hot words counted', async () => {
    const db = t.database.db;
    expect(t.app.providers.platformData.name).toBe('sandbox');
    const [before] = await db
      .select()
      .from(videos)
      .where(eq(videos.status, 'normal'))
      .orderBy(videos.goodCount)
      .limit(1)
      .offset(250);
    const token = await loginAs(db, (await createUser(db, { grade: 'FREE' })).id);
    const pressed = (
      await t.request({ method: 'POST', url: VideoPath.refresh, body: { awemeId: before!.awemeId }, token })
    ).json();
    expect(pressed).toMatchObject({ code: Code.OK, data: { queued: true } });

    const ran = await drainJobs(t);
    expect(ran).toBeGreaterThanOrEqual(1);
    const [after] = await db.select().from(videos).where(eq(videos.id, before!.id));
    expect(after!.goodCount).toBeGreaterThan(before!.goodCount);
    expect(after!.lastUpdateTime.getTime()).toBeGreaterThan(before!.lastUpdateTime.getTime());
    expect(after!.createTime).toEqual(before!.createTime);
    expect(after!.videoDesc).toBe(before!.videoDesc);
    const [hot] = await db.select().from(videoHotWords).where(eq(videoHotWords.videoId, before!.id));
    expect(hot?.words.length ?? 0).toBeGreaterThan(0);

    const detail = (await t.request({ method: 'GET', url: `${VideoPath.detail}?awemeId=${before!.awemeId}` })).json();
    expect(detail.data.digg_count ?? detail.data.statistics?.digg_count ?? after!.goodCount).toBe(after!.goodCount);
  });
});

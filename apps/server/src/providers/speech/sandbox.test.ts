import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../db/schema';
import { createTestDatabase, createVideo, seedSpokenDemoVideo, smallVideoDemo } from '../../testing';
import { segmentsOf } from './index';
import { createSandboxSpeech } from './sandbox';

describe('the sandbox speech provider', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("answers a video's stored transcript with segments spread over its duration", async () => {
    const video = await createVideo(database.db, { durationMs: 10_000 });
    await database.db.update(videos).set({ transcript: '第一句话。第二句。' }).where(eq(videos.id, video.id));
    const speech = createSandboxSpeech({ db: database.db });
    const transcript = await speech.transcribe({
      kind: 'video',
      awemeId: video.awemeId,
      playUrl: null,
      durationMs: 10_000,
    });
    expect(transcript.text).toBe('第一句话。第二句。');
    expect(transcript.segments).toEqual([
      { start: 0, end: 5.56, text: '第一句话。' },
      { start: 5.56, end: 10, text: '第二句。' },
    ]);
  });

  it('answers a seeded demo video with the transcript the demo generator stored for it', async () => {
    // A handful of demo works through the real seed, then the first spoken one the generator made.
    const demo = await seedSpokenDemoVideo(
      database.db,
      smallVideoDemo('2026-11-20', { creators: 8, videos: 8, detailedVideos: 8 }),
    );
    const speech = createSandboxSpeech({ db: database.db });
    const transcript = await speech.transcribe({
      kind: 'video',
      awemeId: demo.video.awemeId,
      playUrl: demo.video.playUrl,
      durationMs: demo.video.durationMs,
    });
    expect(transcript.text).toBe(demo.transcript);
    // One timed segment per spoken sentence, the last ending with the video.
    expect(transcript.segments.map((segment) => segment.text)).toEqual(
      demo.transcript.split(/(?<=[。！？])/).map((line) => line.trim()),
    );
    expect(transcript.segments.at(-1)!.end).toBe(Math.round(demo.video.durationMs / 10) / 100);
  });

  it("reads a script off a video's own words when none is stored, the same every time", async () => {
    const video = await createVideo(database.db, { desc: '三分钟学会番茄炒蛋 #美食', tags: ['家常菜'] });
    const speech = createSandboxSpeech({ db: database.db });
    const source = { kind: 'video' as const, awemeId: video.awemeId, playUrl: null, durationMs: 15_000 };
    const first = await speech.transcribe(source);
    expect(first.text).toContain('三分钟学会番茄炒蛋');
    expect(first.text).toContain('家常菜');
    expect(first.text).not.toContain('#');
    expect(await speech.transcribe(source)).toEqual(first);
  });

  it('refuses files and videos outside the library', async () => {
    const speech = createSandboxSpeech({ db: database.db });
    await expect(speech.transcribe({ kind: 'file', path: '/tmp/x.mp4' })).rejects.toMatchObject({ reason: 'no_media' });
    await expect(
      speech.transcribe({ kind: 'video', awemeId: 'nope', playUrl: null, durationMs: 0 }),
    ).rejects.toMatchObject({ reason: 'no_media' });
  });

  it('spreads segments by length and falls back to a reading pace without a duration', () => {
    expect(segmentsOf('一二。三四！', 0)).toEqual([
      { start: 0, end: 0.75, text: '一二。' },
      { start: 0.75, end: 1.5, text: '三四！' },
    ]);
  });
});

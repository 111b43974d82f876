import {
  Code,
  EXTRACTION_ALIAS,
  EXTRACTION_ID_SEPARATOR,
  ExtractionPath,
  extractionLimits,
  extractionMessages,
  extractionSchema,
} from '@dso/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { extractions, jobs, videos } from '../../db/schema';
import { SpeechError, type SpeechProvider } from '../../providers/speech/index';
import {
  appJobWorker,
  createMember,
  createVideo,
  drainJobs,
  quotaUsed,
  seedSpokenDemoVideo,
  smallVideoDemo,
} from '../../testing';
import { useTestApp } from '../../testing/route-suite';
import { consumePermission, ensurePermissionConfig, settleReservation } from '../permissions';
import { linkTarget } from './extraction.service';

function multipart(fields: Record<string, string>) {
  const boundary = '----dso-extraction-test';
  const body = Buffer.from(
    `${Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('')}--${boundary}--\r\n`,
  );
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('copy extraction calls', () => {
  /** Lets a test make the speech service fail for chosen videos. */
  const failures = new Map<string, SpeechError>();
  const db = () => t.database.db;

  const t = useTestApp({}, async () => {
    await ensurePermissionConfig(db());
    const sandbox = t.app.providers.speech;
    const speech: SpeechProvider = {
      ...sandbox,
      name: sandbox.name,
      isSandbox: true,
      concurrency: 2,
      transcribe: async (source, options) => {
        const failure = source.kind === 'video' ? failures.get(source.awemeId) : undefined;
        if (failure) throw failure;
        return sandbox.transcribe(source, options);
      },
    };
    (t.app.providers as { speech: SpeechProvider }).speech = speech;
  });

  const member = (grade: 'FREE' | 'VIP' | 'SVIP' = 'VIP') => createMember(db(), { grade });
  const extract = (body: unknown, token?: string) =>
    t
      .request({ method: 'POST', url: ExtractionPath.extract, body, ...(token ? { token } : {}) })
      .then((r) => ({ ...r.json(), status: r.statusCode }));
  const batch = (fields: Record<string, string>, token?: string) => {
    const form = multipart(fields);
    return t
      .request({
        method: 'POST',
        url: ExtractionPath.batch,
        ...form,
        ...(token ? { token } : {}),
      })
      .then((r) => ({ ...r.json(), status: r.statusCode }));
  };
  const list = (token: string, query = '') =>
    t.request({ method: 'GET', url: `${ExtractionPath.list}?page_size=50${query}`, token }).then((r) => r.json());
  const used = (userId: number) => quotaUsed(db(), userId, EXTRACTION_ALIAS);
  const runJobs = () => drainJobs(t);
  const withTranscript = async (text: string, input: Parameters<typeof createVideo>[1] = {}) => {
    const video = await createVideo(db(), input);
    await db().update(videos).set({ transcript: text }).where(eq(videos.id, video.id));
    return video;
  };

  it('asks a visitor to log in on every call', async () => {
    expect((await extract({ link: '1' })).code).toBe(Code.TOKEN_INVALID);
    expect((await batch({ aweme_ids: '1' })).code).toBe(Code.TOKEN_INVALID);
    const history = await t.request({ method: 'GET', url: ExtractionPath.list });
    expect(history.json().code).toBe(Code.TOKEN_INVALID);
  });

  it('extracts one video by aweme id, share link or address, answers its transcript and takes one unit', async () => {
    const { user, token } = await member();
    const video = await withTranscript('大家好。今天教大家做番茄炒蛋。', { durationMs: 30_000 });
    await db().update(videos).set({ shareUrl: 'https://v.douyin.com/iAbC123/' }).where(eq(videos.id, video.id));

    const byId = await extract({ link: video.awemeId }, token);
    expect(byId.code).toBe(Code.OK);
    const extraction = extractionSchema.parse(byId.data);
    expect(extraction).toMatchObject({
      aweme_id: video.awemeId,
      status: 'done',
      text: '大家好。今天教大家做番茄炒蛋。',
      batch_id: null,
      duration: 30_000,
      share_url: 'https://v.douyin.com/iAbC123/',
    });
    expect(extraction.segments.map((segment) => segment.text)).toEqual(['大家好。', '今天教大家做番茄炒蛋。']);
    expect(extraction.segments.at(-1)!.end).toBe(30);
    expect(await used(user.id)).toBe(1);

    const shared = await extract(
      { link: '7.43 复制打开抖音，看看【美食的作品】番茄炒蛋 https://v.douyin.com/iAbC123 z@G.vs 02/21' },
      token,
    );
    expect(shared.data.aweme_id).toBe(video.awemeId);
    const address = await extract({ link: `https://www.douyin.com/video/${video.awemeId}?previous_page=app` }, token);
    expect(address.data.aweme_id).toBe(video.awemeId);
    expect(await used(user.id)).toBe(3);
    expect((await list(token)).data.total_record).toBe(3);
  });

  it("answers a demo video's stored transcript, the one the demo generator wrote for it", async () => {
    const demo = await seedSpokenDemoVideo(
      db(),
      smallVideoDemo('2026-11-20', { seed: 424_242, creators: 6, videos: 6, detailedVideos: 6 }),
    );
    const { token } = await member();

    const answer = await extract({ link: demo.video.shareUrl }, token);
    expect(answer.code).toBe(Code.OK);
    const extraction = extractionSchema.parse(answer.data);
    expect(extraction).toMatchObject({ aweme_id: demo.video.awemeId, status: 'done', text: demo.transcript });
    expect(extraction.segments.map((segment) => segment.text).join('')).toBe(demo.transcript.replace(/\n/g, ''));
    expect(extraction.segments.at(-1)!.end).toBe(Math.round(demo.video.durationMs / 10) / 100);
  });

  it('refuses with Chinese messages: empty or unknown links, gone, over 20 minutes, image-text; nothing taken', async () => {
    const { user, token } = await member();
    expect(await extract({ link: '  ' }, token)).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: extractionMessages.linkEmpty,
    });
    expect(await extract({}, token)).toMatchObject({ code: Code.BAD_REQUEST, msg: extractionMessages.linkEmpty });
    // What the library says about a video is a business refusal: a toast with HTTP 200 (docs/frame.md).
    const refusal = (msg: string) => ({ status: 200, code: Code.TOAST, msg });
    expect(await extract({ link: 'https://v.douyin.com/unknown/' }, token)).toMatchObject(
      refusal(extractionMessages.videoUnknown),
    );
    expect(await extract({ link: '看看这个' }, token)).toMatchObject(refusal(extractionMessages.videoUnknown));
    const long = await createVideo(db(), { durationMs: extractionLimits.maxDurationMs + 1 });
    expect(await extract({ link: long.awemeId }, token)).toMatchObject(refusal('视频时长超过20分钟，暂不支持提取'));
    const exactly20 = await withTranscript('刚好二十分钟。', { durationMs: extractionLimits.maxDurationMs });
    expect((await extract({ link: exactly20.awemeId }, token)).code).toBe(Code.OK);
    const post = await createVideo(db(), { durationMs: 0 });
    expect(await extract({ link: post.awemeId }, token)).toMatchObject(refusal(extractionMessages.imageText));
    const hidden = await createVideo(db(), { status: 'hidden' });
    expect(await extract({ link: hidden.awemeId }, token)).toMatchObject(refusal(extractionMessages.videoGone));
    expect(await used(user.id)).toBe(1);
  });

  it('takes nothing when the speech service fails, and says so in Chinese', async () => {
    const { user, token } = await member();
    const video = await withTranscript('不会用到。');
    failures.set(video.awemeId, new SpeechError('unavailable', 'down'));
    expect(await extract({ link: video.awemeId }, token)).toMatchObject({
      code: Code.TOAST,
      msg: extractionMessages.unavailable,
    });
    failures.set(video.awemeId, new SpeechError('rate_limited', 'slow down'));
    expect(await extract({ link: video.awemeId }, token)).toMatchObject({ msg: extractionMessages.busy });
    failures.delete(video.awemeId);
    expect(await used(user.id)).toBe(0);
    expect((await list(token)).data.total_record).toBe(0);
  });

  it('refuses a used-up count with the 810 upgrade prompt before any work', async () => {
    const { user, token } = await member('FREE');
    await consumePermission(db(), { userId: user.id, alias: EXTRACTION_ALIAS, amount: 3 });
    const video = await withTranscript('免费用户。');
    const refused = await extract({ link: video.awemeId }, token);
    expect(refused.code).toBe(Code.NEEDS_UPGRADE);
    expect(await used(user.id)).toBe(3);
  });

  it('validates the batch form in Chinese: empty, over 100, unknown ids, not a form', async () => {
    const { token } = await member();
    expect(await batch({ aweme_ids: '' }, token)).toMatchObject({ code: Code.BAD_REQUEST, msg: '至少选择一条数据' });
    expect(await batch({ flag: '1' }, token)).toMatchObject({ code: Code.BAD_REQUEST, msg: '至少选择一条数据' });
    const ids = Array.from({ length: 101 }, (_, i) => `7${i}`).join(EXTRACTION_ID_SEPARATOR);
    expect(await batch({ aweme_ids: ids }, token)).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: '最多只能批量提取100个视频',
    });
    expect(await batch({ aweme_ids: 'nope1,nope2' }, token)).toMatchObject({
      status: 200,
      code: Code.TOAST,
      msg: extractionMessages.videoUnknown,
    });
    const json = await t.request({ method: 'POST', url: ExtractionPath.batch, body: { aweme_ids: '1' }, token });
    expect(json.json()).toMatchObject({ code: Code.BAD_REQUEST, msg: extractionMessages.batchFormInvalid });
  });

  it('refuses a batch larger than the remaining count (810) and queues nothing', async () => {
    const { user, token } = await member('FREE');
    const picked = await Promise.all([1, 2, 3, 4].map(() => withTranscript('一句话。')));
    const refused = await batch({ aweme_ids: picked.map((video) => video.awemeId).join(','), flag: '1' }, token);
    expect(refused.code).toBe(Code.NEEDS_UPGRADE);
    expect((await list(token)).data.total_record).toBe(0);
    expect(await used(user.id)).toBe(0);
  });

  it('queues a batch as a job that records each result, holding a unit per video and keeping only the answered ones', async () => {
    const { user, token } = await member();
    const good = await Promise.all(
      ['第一条文案。', '第二条文案。', '第三条文案。'].map((text) => withTranscript(text)),
    );
    const long = await createVideo(db(), { durationMs: 21 * 60_000 });
    const silent = await withTranscript('听不到。');
    failures.set(silent.awemeId, new SpeechError('no_media', 'no audio'));
    const ids = [...good.map((video) => video.awemeId), long.awemeId, silent.awemeId, good[0]!.awemeId];

    const submitted = await batch({ aweme_ids: ids.join(EXTRACTION_ID_SEPARATOR), flag: '1' }, token);
    expect(submitted).toMatchObject({ code: Code.OK, msg: '文案正在提取中，请稍后到提取历史中查看' });
    expect(submitted.data.count).toBe(5);
    const batchId = submitted.data.batch_id as string;
    const waiting = (await list(token, `&batch_id=${batchId}`)).data;
    expect(waiting.total_record).toBe(5);
    const statusOf = (rows: Array<{ aweme_id: string; status: string; error: string | null }>, id: string) =>
      rows.find((row) => row.aweme_id === id);
    expect(statusOf(waiting.result, long.awemeId)).toMatchObject({
      status: 'failed',
      error: '视频时长超过20分钟，暂不支持提取',
    });
    expect(statusOf(waiting.result, good[1]!.awemeId)).toMatchObject({ status: 'pending' });
    // Each extractable video holds its unit from submission; the one without speech gives it back.
    expect(await used(user.id)).toBe(4);

    expect(await runJobs()).toBe(1);
    failures.delete(silent.awemeId);
    const ended = (await list(token, `&batch_id=${batchId}`)).data.result;
    expect(ended.filter((row: { status: string }) => row.status === 'done')).toHaveLength(3);
    expect(statusOf(ended, silent.awemeId)).toMatchObject({ status: 'failed', error: extractionMessages.noSpeech });
    expect(statusOf(ended, good[2]!.awemeId)).toMatchObject({ status: 'done', excerpt: '第三条文案。' });
    expect(await used(user.id)).toBe(3);

    const one = ended.find((row: { aweme_id: string }) => row.aweme_id === good[0]!.awemeId);
    const opened = (await t.request({ method: 'GET', url: `${ExtractionPath.detail}?id=${one.id}`, token })).json();
    expect(opened.data).toMatchObject({ text: '第一条文案。', status: 'done', batch_id: batchId });
  });

  it('keeps items pending through a busy service and finishes them on a later attempt', async () => {
    const { user, token } = await member();
    const video = await withTranscript('稍后再试。');
    failures.set(video.awemeId, new SpeechError('rate_limited', 'busy'));
    const submitted = await batch({ aweme_ids: video.awemeId }, token);
    expect(await runJobs()).toBeGreaterThanOrEqual(1);
    const [job] = await db().select().from(jobs).where(eq(jobs.kind, 'extraction.batch')).orderBy(jobs.id);
    expect(job).toBeDefined();
    const [row] = (await list(token, `&batch_id=${submitted.data.batch_id}`)).data.result;
    // Five attempts ran back to back (no backoff): the last one gives up with the service's message.
    expect(row).toMatchObject({ status: 'failed', error: extractionMessages.busy });
    expect(await used(user.id)).toBe(0);

    const again = await batch({ aweme_ids: video.awemeId }, token);
    failures.set(video.awemeId, new SpeechError('unavailable', 'flaky'));
    const worker = appJobWorker(t);
    expect(await worker.runOnce()).toBe(true);
    expect((await list(token, `&batch_id=${again.data.batch_id}`)).data.result[0].status).toBe('pending');
    failures.delete(video.awemeId);
    await worker.drain();
    expect((await list(token, `&batch_id=${again.data.batch_id}`)).data.result[0]).toMatchObject({ status: 'done' });
    expect(await used(user.id)).toBe(1);
  });

  it('picks a batch up where a crashed run stopped: finished items are neither redone nor charged again', async () => {
    const { user, token } = await member();
    const picked = await Promise.all(['甲。', '乙。', '丙。'].map((text) => withTranscript(text)));
    const submitted = await batch({ aweme_ids: picked.map((video) => video.awemeId).join(',') }, token);
    // A worker answered and charged the first item, then died before the job ended: the job is claimed again.
    const [first] = (await list(token, `&batch_id=${submitted.data.batch_id}`)).data.result.slice(-1);
    const [answered] = await db()
      .update(extractions)
      .set({ status: 'done', text: '甲（上次运行）。', finishedAt: new Date() })
      .where(eq(extractions.id, first.id))
      .returning();
    await settleReservation(db(), answered!.reservationId!);
    await db()
      .update(jobs)
      .set({ status: 'running', lockedBy: 'dead-worker', lockedAt: new Date(Date.now() - 3_600_000) })
      .where(and(eq(jobs.kind, 'extraction.batch'), eq(jobs.status, 'queued')));
    expect(await runJobs()).toBe(1);
    const rows = (await list(token, `&batch_id=${submitted.data.batch_id}`)).data.result;
    expect(rows.map((row: { status: string }) => row.status)).toEqual(['done', 'done', 'done']);
    expect(rows.at(-1).excerpt).toBe('甲（上次运行）。');
    expect(await used(user.id)).toBe(3);
  });

  it("lists, opens and deletes only the user's own extractions", async () => {
    const { token } = await member();
    const other = await member();
    const video = await withTranscript('我的文案。');
    const mine = (await extract({ link: video.awemeId }, token)).data;
    expect((await list(token)).data.result.map((row: { id: number }) => row.id)).toEqual([mine.id]);
    const foreign = await t.request({
      method: 'GET',
      url: `${ExtractionPath.detail}?id=${mine.id}`,
      token: other.token,
    });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toMatchObject({ code: Code.NOT_FOUND, msg: extractionMessages.extractionMissing });
    const badId = await t.request({ method: 'GET', url: `${ExtractionPath.detail}?id=abc`, token });
    expect(badId.json()).toMatchObject({ code: Code.BAD_REQUEST, msg: extractionMessages.extractionMissing });
    const stolen = await t.request({
      method: 'POST',
      url: ExtractionPath.remove,
      body: { id: mine.id },
      token: other.token,
    });
    expect([stolen.statusCode, stolen.json().code]).toEqual([200, Code.NOT_FOUND]);
    const removed = await t.request({ method: 'POST', url: ExtractionPath.remove, body: { id: mine.id }, token });
    expect(removed.json()).toMatchObject({ code: Code.OK, msg: extractionMessages.removed });
    expect((await list(token)).data.total_record).toBe(0);
    const tooBig = await t.request({ method: 'GET', url: `${ExtractionPath.list}?page_size=51`, token });
    expect(tooBig.json()).toMatchObject({ code: Code.BAD_REQUEST, msg: extractionMessages.pageSizeTooLarge });
  });
});

describe('link targets', () => {
  it('reads ids from addresses and share links from share texts', () => {
    expect(linkTarget('7301234567890123456')).toEqual({ awemeId: '7301234567890123456' });
    expect(linkTarget('https://www.douyin.com/note/7301234567890123456')).toEqual({ awemeId: '7301234567890123456' });
    expect(linkTarget('https://www.douyin.com/jingxuan?modal_id=7301234567890123456')).toEqual({
      awemeId: '7301234567890123456',
    });
    expect(linkTarget('复制打开抖音，看看【作品】https://v.douyin.com/iAbC/ 你好')).toEqual({
      urls: ['https://v.douyin.com/iAbC', 'https://v.douyin.com/iAbC/'],
    });
    expect(linkTarget('没有链接')).toBeNull();
  });
});

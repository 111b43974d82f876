import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  Code,
  defaultImageTextSettings,
  IMAGE_TEXT_ALIAS,
  ImageTextPath,
  imageTextLimits,
  imageTextMessages,
  imageTextWorkSchema,
} from '@dso/contract';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageTextWorks } from '../../db/schema';
import { bufferSource, listArchiveFiles, uploadLimits, uploadMessages } from '../../lib/uploads';
import { tarOf, zipOf } from '../../lib/uploads/test-archives';
import { ImageError, type ImageProvider } from '../../providers/image/index';
import { createSandboxLlm } from '../../providers/llm/sandbox';
import {
  createMember,
  createTestApp,
  createVideo,
  drainJobs,
  eventsOf,
  multipartFiles,
  quotaUsed,
  streamedAnswer,
  type TestApp,
} from '../../testing';
import { consumePermission, ensurePermissionConfig } from '../permissions';
import { STAGED_KEEP_MS, sweepStaleUploads } from './image-text.upload';

function pngBytes(shade = 120): Buffer {
  const png = new PNG({ width: 4, height: 4 });
  png.data.fill(shade);
  return PNG.sync.write(png);
}

describe('AI 图文 calls', () => {
  let t: TestApp;
  let dataDir: string;
  /** Keywords whose pictures the image service refuses. */
  const refused = new Set<string>();
  const db = () => t.database.db;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dso-image-text-'));
    t = await createTestApp({ config: { dataDir }, providers: { llm: createSandboxLlm({ pieceDelayMs: 0 }) } });
    await ensurePermissionConfig(db());
    const sandbox = t.app.providers.image;
    const image: ImageProvider = {
      name: sandbox.name,
      isSandbox: true,
      concurrency: 1,
      generate: async (request) => {
        if (refused.has(request.card.keyword)) throw new ImageError('refused', 'content policy');
        return sandbox.generate(request);
      },
    };
    (t.app.providers as { image: ImageProvider }).image = image;
    const creator = await (await import('../../testing')).createCreator(db(), { nickName: '露营的阿野' });
    await createVideo(db(), { creatorId: creator.id, desc: '露营装备避坑，这三样别买 #露营装备', goodCount: 90_000 });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const member = (grade: 'FREE' | 'VIP' = 'FREE') => createMember(db(), { grade });
  const post = (url: string, body: unknown, token?: string) =>
    t.request({ method: 'POST', url, body, ...(token ? { token } : {}) });
  const get = (url: string, token?: string) => t.request({ method: 'GET', url, ...(token ? { token } : {}) });
  const uploadFiles = (files: Array<{ name: string; content: Buffer }>, token?: string) =>
    t
      .request({ method: 'POST', url: ImageTextPath.upload, ...multipartFiles(files), ...(token ? { token } : {}) })
      .then((response) => ({ ...response.json(), status: response.statusCode }));
  const upload = (fileName: string, data: Buffer, token?: string) =>
    uploadFiles([{ name: fileName, content: data }], token);
  const runJobs = () => drainJobs(t, { dataDir });
  const used = (userId: number) => quotaUsed(db(), userId, IMAGE_TEXT_ALIAS);
  const work = async (id: number, token: string) =>
    imageTextWorkSchema.parse((await get(`${ImageTextPath.work}?id=${id}`, token)).json().data);

  it('asks a visitor to log in on every call', async () => {
    expect((await post(ImageTextPath.generate, { keyword: '露营装备' })).json().code).toBe(Code.TOKEN_INVALID);
    expect((await post(ImageTextPath.batch, { keywords: ['露营装备'] })).json().code).toBe(Code.TOKEN_INVALID);
    expect((await get(`${ImageTextPath.works}`)).json().code).toBe(Code.TOKEN_INVALID);
    expect((await get(ImageTextPath.settings)).json().code).toBe(Code.TOKEN_INVALID);
    expect((await upload('a.zip', zipOf([{ name: '1.png', data: pngBytes() }]))).code).toBe(Code.TOKEN_INVALID);
    expect((await post(ImageTextPath.templateStep, { idFlag: 'x_1' })).json().code).toBe(Code.TOKEN_INVALID);
  });

  it('refuses an empty or over-long keyword and an over-long batch with the Chinese messages', async () => {
    const { token } = await member();
    const empty = (await post(ImageTextPath.generate, { keyword: '' }, token)).json();
    expect([empty.code, empty.msg]).toEqual([Code.BAD_REQUEST, '请输入关键词']);
    expect((await post(ImageTextPath.generate, { keyword: '露'.repeat(31) }, token)).json().msg).toBe(
      '关键词长度不能超过30个字符',
    );
    const many = Array.from({ length: imageTextLimits.batchMax + 1 }, (_, index) => `词${index}`);
    expect((await post(ImageTextPath.batch, { keywords: many }, token)).json().msg).toBe(
      imageTextMessages.batchTooMany,
    );
  });

  it('streams a work for a keyword from its top videos, draws its cards as a job, holding its unit from the start', async () => {
    const { user, token } = await member();
    const { events, start } = streamedAnswer(await post(ImageTextPath.generate, { keyword: '露营装备' }, token));
    expect(start.sandbox).toBe(true);
    expect((start.sources as Array<{ title: string }>)[0]!.title).toBe('露营装备避坑，这三样别买');
    expect(events.filter((event) => event.event === 'delta').length).toBeGreaterThan(5);
    expect(events.at(-1)!.event).toBe('done');
    const id = start.work_id as number;

    const drawing = await work(id, token);
    expect(drawing.status).toBe('drawing');
    expect(drawing.title.length).toBeGreaterThan(0);
    expect(drawing.points.length).toBeGreaterThan(0);
    // The work holds its unit from the moment it is asked for.
    expect(await used(user.id)).toBe(1);

    expect(await runJobs()).toBe(1);
    const done = await work(id, token);
    expect(done.status).toBe('done');
    expect(done.images).toHaveLength(done.images_total);
    expect(done.images_total).toBeGreaterThanOrEqual(2);
    expect(done.images_total).toBeLessThanOrEqual(defaultImageTextSettings.card_count);
    expect(await used(user.id)).toBe(1);

    const picture = await get(`${ImageTextPath.image}?id=${id}&name=${done.images[0]}`, token);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');

    // Another user sees neither the work nor its pictures.
    const other = await member();
    expect((await get(`${ImageTextPath.work}?id=${id}`, other.token)).json().msg).toBe(imageTextMessages.workMissing);
    const hidden = await get(`${ImageTextPath.image}?id=${id}&name=${done.images[0]}`, other.token);
    expect([hidden.statusCode, hidden.json().code]).toEqual([200, Code.NOT_FOUND]);
  });

  it('edits a work: title, body, pictures reordered and one removed from disk; deleting gives the unit back', async () => {
    const { user, token } = await member();
    const id = eventsOf((await post(ImageTextPath.generate, { keyword: '露营装备' }, token)).payload)[0]!.data
      .work_id as number;
    await runJobs();
    const before = await work(id, token);
    const [first, second, ...rest] = before.images;
    const kept = [second!, first!, ...rest.slice(0, -1)];
    const saved = (
      await post(ImageTextPath.update, { id, title: '我的露营清单', body: '改过的正文', images: kept }, token)
    ).json();
    expect([saved.code, saved.msg]).toEqual([Code.OK, imageTextMessages.saved]);
    const after = await work(id, token);
    expect(after).toMatchObject({ title: '我的露营清单', body: '改过的正文', images: kept });
    const onDisk = await readdir(path.join(dataDir, 'image-text', 'works', String(id)));
    expect(onDisk.sort()).toEqual([...kept].sort());

    const download = await get(`${ImageTextPath.download}?id=${id}`, token);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toContain(encodeURIComponent('我的露营清单.zip'));
    const files = await listArchiveFiles(bufferSource(download.rawPayload), uploadLimits.archive);
    expect(files.map((file) => file.name)).toEqual([
      ...kept.map((_, index) => `我的露营清单/0${index + 1}.png`),
      '我的露营清单/正文.txt',
    ]);
    expect((await files.at(-1)!.read()).toString('utf8')).toBe('我的露营清单\n改过的正文\n');
    expect(
      (await files[0]!.read()).equals(await readFile(path.join(dataDir, 'image-text', 'works', String(id), kept[0]!))),
    ).toBe(true);

    const unknown = (await post(ImageTextPath.update, { id, title: 't', body: '', images: ['99.png'] }, token)).json();
    expect(unknown.msg).toBe(imageTextMessages.imageUnknown);
    const none = (await post(ImageTextPath.update, { id, title: 't', body: '', images: [] }, token)).json();
    expect(none.msg).toBe(imageTextMessages.imagesEmpty);

    expect(await used(user.id)).toBe(1);
    expect((await post(ImageTextPath.remove, { id }, token)).json().msg).toBe(imageTextMessages.removed);
    expect(await used(user.id)).toBe(0);
    expect((await get(`${ImageTextPath.work}?id=${id}`, token)).json().msg).toBe(imageTextMessages.workMissing);
  });

  it('refuses a generation when no unit is left, before any work is made', async () => {
    const { user, token } = await member();
    await consumePermission(db(), { userId: user.id, alias: IMAGE_TEXT_ALIAS, amount: 10 });
    const refusal = (await post(ImageTextPath.generate, { keyword: '露营装备' }, token)).json();
    expect(refusal.code).toBe(Code.NEEDS_UPGRADE);
    expect(refusal.msg).toContain(imageTextMessages.quotaNone);
    const list = (await get(ImageTextPath.works, token)).json();
    expect(list.data.total_record).toBe(0);
  });

  it('runs a batch as one job per keyword with per-item status, failing a refused picture without charging', async () => {
    const { user, token } = await member();
    refused.add('帐篷');
    const submitted = (await post(ImageTextPath.batch, { keywords: ['露营装备', '帐篷', '露营装备'] }, token)).json();
    expect([submitted.code, submitted.msg]).toEqual([Code.OK, imageTextMessages.batchSubmitted]);
    expect(submitted.data.count).toBe(2);
    const batchId = submitted.data.batch_id as string;
    const waiting = (await get(`${ImageTextPath.works}?batch_id=${batchId}`, token)).json().data.result;
    expect(waiting.map((row: { status: string }) => row.status)).toEqual(['writing', 'writing']);
    await runJobs();
    const rows = (await get(`${ImageTextPath.works}?source=batch`, token)).json().data.result as Array<{
      keyword: string;
      status: string;
      error: string | null;
    }>;
    expect(rows.find((row) => row.keyword === '露营装备')).toMatchObject({ status: 'done', error: null });
    expect(rows.find((row) => row.keyword === '帐篷')).toMatchObject({
      status: 'failed',
      error: imageTextMessages.imagesRefused,
    });
    expect(await used(user.id)).toBe(1);
    refused.clear();

    await consumePermission(db(), { userId: user.id, alias: IMAGE_TEXT_ALIAS, amount: 8 });
    const over = (await post(ImageTextPath.batch, { keywords: ['一', '二'] }, token)).json();
    expect(over.code).toBe(Code.NEEDS_UPGRADE);
  });

  it('saves card settings per user and refuses a bad colour', async () => {
    const { token } = await member();
    expect((await get(ImageTextPath.settings, token)).json().data).toEqual(defaultImageTextSettings);
    const mine = { ...defaultImageTextSettings, template: 'note', primary_color: '#1677ff', card_count: 3 };
    expect((await post(ImageTextPath.settings, mine, token)).json().msg).toBe(imageTextMessages.settingsSaved);
    expect((await get(ImageTextPath.settings, token)).json().data).toEqual(mine);
    const bad = (await post(ImageTextPath.settings, { ...mine, text_color: 'red' }, token)).json();
    expect([bad.code, bad.msg]).toEqual([Code.BAD_REQUEST, imageTextMessages.colorInvalid]);
  });

  it('parses a works zip into a status_id, then adds the first works the quota allows at the template step', async () => {
    const { user, token } = await member();
    await consumePermission(db(), { userId: user.id, alias: IMAGE_TEXT_ALIAS, amount: 8 });
    const archive = zipOf([
      { name: '作品1/1.png', data: pngBytes(10) },
      { name: '作品1/2.png', data: pngBytes(20) },
      { name: '作品1/标题.txt', data: '周末露营清单\n帐篷、天幕、睡袋' },
      { name: '作品2/cover.png', data: pngBytes(30) },
      { name: '作品3/a.png', data: pngBytes(40) },
      { name: '作品3/not-a-picture.png', data: 'hello' },
    ]);
    const parsed = await upload('我的图文.zip', archive, token);
    expect(parsed.code).toBe(Code.OK);
    expect(parsed.msg).toBe('解析成功！共3个图文作品');
    expect(parsed.data).toMatch(/^[0-9a-f]{32}_3$/);
    expect(await used(user.id)).toBe(8);

    const step = (await post(ImageTextPath.templateStep, { idFlag: parsed.data.split('_')[0] }, token)).json();
    expect([step.code, step.data]).toEqual([Code.OK, { added: 2, skipped: 1 }]);
    expect(await used(user.id)).toBe(10);
    const again = (await post(ImageTextPath.templateStep, { idFlag: parsed.data }, token)).json();
    expect(again.data).toEqual({ added: 0, skipped: 1 });
    expect(await used(user.id)).toBe(10);

    const uploaded = (await get(`${ImageTextPath.works}?source=upload`, token)).json().data.result as Array<{
      id: number;
      title: string;
      status: string;
    }>;
    expect(uploaded.map((row) => row.title).sort()).toEqual(['作品2', '周末露营清单']);
    const first = await work(uploaded.find((row) => row.title === '周末露营清单')!.id, token);
    expect(first).toMatchObject({ body: '帐篷、天幕、睡袋', images: ['1.png', '2.png'], status: 'done' });
    const picture = await get(`${ImageTextPath.image}?id=${first.id}&name=2.png`, token);
    expect(picture.rawPayload.equals(pngBytes(20))).toBe(true);

    // No unit left: the upload itself is refused.
    const refusedUpload = await upload('b.zip', zipOf([{ name: '1.png', data: pngBytes() }]), token);
    expect(refusedUpload.code).toBe(Code.NEEDS_UPGRADE);
    expect(refusedUpload.msg).toContain(imageTextMessages.quotaNone);
  });

  it('parses a tar made the usual way (tar -cf works.tar -C works .), whose names start with ./', async () => {
    const { token } = await member();
    const parsed = await upload(
      'works.tar',
      tarOf([
        { name: './', type: '5' },
        { name: './作品一/', type: '5' },
        { name: './作品一/1.png', data: pngBytes() },
        { name: './作品一/说明.txt', data: '露营装备清单\n帐篷' },
        { name: './作品二/', type: '5' },
        { name: './作品二/1.png', data: pngBytes() },
      ]),
      token,
    );
    expect([parsed.code, parsed.msg]).toEqual([Code.OK, '解析成功！共2个图文作品']);
    await post(ImageTextPath.templateStep, { idFlag: parsed.data }, token);
    const titles = (await get(`${ImageTextPath.works}?source=upload`, token))
      .json()
      .data.result.map((row: { title: string }) => row.title);
    expect(titles.sort()).toEqual(['作品二', '露营装备清单']);
  });

  it('refuses other formats, three at once, unsafe paths, links and archives without pictures as toasts, leaving nothing behind', async () => {
    const { user, token } = await member();
    const refused = [
      [await upload('works.rar', pngBytes(), token), imageTextMessages.uploadOnlyArchives],
      [
        await uploadFiles(
          ['a', 'b', 'c'].map((name) => ({
            name: `${name}.zip`,
            content: zipOf([{ name: '1.png', data: pngBytes() }]),
          })),
          token,
        ),
        imageTextMessages.uploadTooManyPicked,
      ],
      [await upload('works.zip', zipOf([{ name: '../evil.png', data: pngBytes() }]), token), uploadMessages.unsafePath],
      [
        await upload('works.zip', zipOf([{ name: '/etc/evil.png', data: pngBytes() }]), token),
        uploadMessages.unsafePath,
      ],
      [
        await upload('works.tar', tarOf([{ name: './../evil.png', data: pngBytes() }]), token),
        uploadMessages.unsafePath,
      ],
      [
        await upload('works.tar', tarOf([{ name: '/tmp/evil.png', data: pngBytes() }]), token),
        uploadMessages.unsafePath,
      ],
      [
        await upload('works.zip', zipOf([{ name: 'a/1.png', data: '/etc/passwd', symlink: true }]), token),
        uploadMessages.link,
      ],
      [
        await upload('works.tar', tarOf([{ name: './a/1.png', type: '2', linkName: '/etc/passwd' }]), token),
        uploadMessages.link,
      ],
      [await upload('works.zip', zipOf([{ name: 'readme.txt', data: 'hi' }]), token), imageTextMessages.uploadNoWorks],
      [await upload('works.zip', Buffer.from('not a zip at all'), token), uploadMessages.damaged],
      [
        await upload(
          'bomb.zip',
          zipOf([{ name: 'a/1.png', block: { head: '', body: Buffer.alloc(1024 * 1024), repeat: 200, tail: '' } }]),
          token,
        ),
        uploadMessages.ratioTooHigh,
      ],
    ] as const;
    // Business refusals travel with HTTP 200 (docs/frame.md), so the browser logs no failed request.
    for (const [answer, msg] of refused) expect(answer).toMatchObject({ status: 200, code: Code.TOAST, msg });
    expect(await used(user.id)).toBe(0);
    const leftovers = await readdir(path.join(dataDir, 'image-text', 'incoming')).catch(() => []);
    expect(leftovers).toEqual([]);
    const stagedWorks = await db().select().from(imageTextWorks).where(eq(imageTextWorks.userId, user.id));
    expect(stagedWorks).toEqual([]);
  });

  it('drops archives parsed a day ago whose template step never ran, with their staged pictures', async () => {
    const { user, token } = await member();
    const parsed = await upload('旧的.zip', zipOf([{ name: 'a/1.png', data: pngBytes() }]), token);
    const uploadId = (parsed.data as string).split('_')[0]!;
    const staged = path.join(dataDir, 'image-text', 'staged', uploadId);
    expect(await readdir(staged)).toEqual(['0']);
    expect(await sweepStaleUploads(db(), dataDir)).toBe(0);
    expect(await readdir(staged)).toEqual(['0']);
    // A day later this one (and the other tests' unstepped archives) are dropped.
    expect(await sweepStaleUploads(db(), dataDir, new Date(Date.now() + STAGED_KEEP_MS + 60_000))).toBeGreaterThan(0);
    await expect(readdir(staged)).rejects.toThrow();
    const step = (await post(ImageTextPath.templateStep, { idFlag: parsed.data }, token)).json();
    expect(step.msg).toBe(imageTextMessages.uploadUnknown);
    expect(await used(user.id)).toBe(0);
  });

  it('refuses a template step of an unknown upload', async () => {
    const { token } = await member();
    const step = (await post(ImageTextPath.templateStep, { idFlag: 'nope_3' }, token)).json();
    expect([step.code, step.msg]).toEqual([Code.NOT_FOUND, imageTextMessages.uploadUnknown]);
  });
});

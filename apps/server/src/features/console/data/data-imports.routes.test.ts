import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  Code,
  ConsoleDataPath,
  CreatorPath,
  consoleImportListSchema,
  consoleImportReportSchema,
  FramePath,
  KeywordDetailPath,
  KeywordPath,
} from '@dso/contract';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { allJobHandlers } from '../../../job-handlers';
import { uploadMessages } from '../../../lib/uploads';
import { workbookBomb } from '../../../lib/uploads/test-archives';
import { multipartForm } from '../../../testing';
import { useTestApp, withQuery } from '../../../testing/route-suite';
import { workbookFile } from '../../../testing/workbooks';
import { JobWorker } from '../../jobs';
import { auditOf, consoleCalls, soleAuditOf, staffWithCookie } from '../console.testing';

const header =
  'platform,country,keyword,search_index,month_cover_count,related_work_count,category,industry,commerce_intent,first_seen,as_of,trend';
const CREATOR = 'MS4wLjABAAAAconsole1';
const creatorsCsv = [
  'user_id,nick_name,follower_count,total_favorited,aweme_count,as_of',
  `${CREATOR},露营的小周,88000,300000,12,2026-11-20`,
  ',没有ID,1,1,1,2026-11-20',
].join('\n');

function keywordWorkbook(): Buffer {
  const sheet = XLSX.utils.json_to_sheet([
    { platform: 'RSO', keyword: '小众香水', search_index: 9000, as_of: '2026-11-20' },
    { platform: 'RSO', keyword: '香水分享', search_index: 4000, as_of: '2026-11-20' },
  ]);
  return workbookFile(sheet);
}

describe('console 数据: imports', () => {
  const t = useTestApp();

  /** Uploads a file as the page does: the reason in the query, the file and its fields as the form. */
  const upload = async (
    path: string,
    cookie: string,
    file: { name: string; content: Buffer },
    fields: Record<string, string> = {},
    reason: string | null = '补充本周数据',
  ) => {
    const form = multipartForm(file, fields);
    const response = await t.request({
      method: 'POST',
      url: reason === null ? path : withQuery(path, { reason }),
      body: form.body,
      headers: { ...form.headers, cookie },
    });
    return { status: response.statusCode, ...response.json() };
  };
  const { get } = consoleCalls(t);
  const report = (cookie: string, target: 'keywords' | 'videos', id: number) =>
    get(withQuery(ConsoleDataPath.importReport, { target, id }), cookie);
  // The import jobs alone, retried at once: what ran is what the upload queued.
  const drain = () => new JobWorker(t.db(), allJobHandlers(), { backoffMs: () => 0 }).drain();

  it('queues a keyword upload, audits it, runs it in the worker, reports each refused row and derives the library', async () => {
    const staff = await staffWithCookie(t.db(), '数据');
    const csv = `${header}\nBSO,,露营vlog,7000,,,,旅游出行,,,2026-11-20,\nBSO,,,1,,,,,,,2026-11-20,`;
    const queued = await upload(ConsoleDataPath.importKeywords, staff.cookie, {
      name: '露营.csv',
      content: Buffer.from(csv),
    });
    expect(queued).toMatchObject({
      code: Code.OK,
      msg: '已提交导入',
      data: { target: 'keywords', report: { status: 'queued', source: '露营.csv', format: 'csv' } },
    });
    const id = queued.data.report.id;
    expect(await soleAuditOf(t.db(), `keyword_import:${id}`)).toMatchObject({
      staffId: staff.id,
      staffName: staff.name,
      action: 'import.keywords',
      before: null,
      after: { import_id: id, file_name: '露营.csv', format: 'csv', bytes: Buffer.byteLength(csv), status: 'queued' },
      reason: '补充本周数据',
    });

    // The import, then the derive it queued for BSO.
    expect(await drain()).toBe(2);
    const done = await report(staff.cookie, 'keywords', id);
    expect(consoleImportReportSchema.parse(done.data)).toMatchObject({
      target: 'keywords',
      report: {
        status: 'done',
        total_rows: 2,
        inserted_rows: 1,
        error_rows: 1,
        errors: [{ row: 3, column: 'keyword', message: '关键词不能为空' }],
        scopes: ['BSO'],
        failure: null,
      },
    });
    expect(done.data.report.finished_at).not.toBeNull();
    const [stored] = await queryRows<{ file: unknown }>(t.db(), sql`SELECT file FROM keyword_imports WHERE id = ${id}`);
    expect(stored!.file).toBeNull();
    // The derive ran: BSO has boards and gram statistics, so search finds the word.
    const board = (
      await t.request({ method: 'GET', url: `${KeywordDetailPath.board}?board=industryHot&platform=BSO` })
    ).json();
    expect(board.data.result.map((row: { keyword: string }) => row.keyword)).toEqual(['露营vlog']);
    const search = (
      await t.request({ method: 'POST', url: KeywordPath.search, body: { platform: 'BSO', keyword: '露营' } })
    ).json();
    expect(search.data.total_record).toBe(1);
  });

  it('takes the keyword format from the field or the file name and refuses an unknown one', async () => {
    const staff = await staffWithCookie(t.db(), '管理员');
    const xlsx = await upload(
      ConsoleDataPath.importKeywords,
      staff.cookie,
      { name: 'upload.bin', content: keywordWorkbook() },
      { format: 'xlsx' },
    );
    expect(xlsx.data.report).toMatchObject({ format: 'xlsx', status: 'queued' });
    const lines = Buffer.from('{"platform":"RSO","keyword":"香水","search_index":5,"as_of":"2026-11-20"}');
    const jsonl = await upload(ConsoleDataPath.importKeywords, staff.cookie, { name: 'rows.ndjson', content: lines });
    expect(jsonl.data.report.format).toBe('jsonl');
    const unknown = await upload(ConsoleDataPath.importKeywords, staff.cookie, { name: 'notes.txt', content: lines });
    expect(unknown).toMatchObject({
      code: Code.TOAST,
      msg: '不支持的文件格式，请上传 CSV、XLSX、XLS 或 JSONL 文件',
      data: null,
    });
    await drain();
    expect((await report(staff.cookie, 'keywords', xlsx.data.report.id)).data.report).toMatchObject({
      status: 'done',
      total_rows: 2,
      error_rows: 0,
    });
  });

  it('asks for a reason before taking the file, and audits nothing it refused', async () => {
    const staff = await staffWithCookie(t.db(), '数据');
    const file = { name: 'k.csv', content: Buffer.from(`${header}\nDSO,,词,1,,,,,,,2026-11-20,`) };
    const imports = async () =>
      (await queryRows<{ n: number }>(t.db(), sql`SELECT count(*)::int AS n FROM keyword_imports`))[0]!.n;
    const before = await imports();
    for (const [reason, msg] of [
      [null, '请填写操作原因'],
      ['  ', '请填写操作原因'],
      ['长'.repeat(201), '操作原因最多200字'],
    ] as const) {
      const refused = await upload(ConsoleDataPath.importKeywords, staff.cookie, file, {}, reason);
      expect(refused).toMatchObject({ status: 400, code: Code.BAD_REQUEST, msg });
    }
    expect(await upload(ConsoleDataPath.importVideos, staff.cookie, file, { kind: 'creators' }, null)).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: '请填写操作原因',
    });
    expect(await imports()).toBe(before);
    expect((await report(staff.cookie, 'keywords', 999_999)).msg).toBe('导入记录不存在');
    expect((await report(staff.cookie, 'videos', 999_999)).code).toBe(Code.NOT_FOUND);
    expect(await get(withQuery(ConsoleDataPath.importReport, { target: 'shops', id: 1 }), staff.cookie)).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: '请选择导入的数据',
    });
  });

  it("fails an import of a workbook bomb once, with the guard's message in its report", async () => {
    const staff = await staffWithCookie(t.db(), '数据');
    const bombs = [
      { file: workbookBomb(300), failure: uploadMessages.unpackedTooLarge },
      // A directory that claims a small sheet is caught when the worker measures the real size.
      { file: workbookBomb(300, { declaredSize: 50_000 }), failure: uploadMessages.damaged },
    ];
    for (const { file, failure } of bombs) {
      const queued = await upload(ConsoleDataPath.importKeywords, staff.cookie, { name: '关键词.xlsx', content: file });
      expect(queued.data.report.status).toBe('queued');
      // One attempt, no derive: the job fails for good on the first try.
      expect(await drain()).toBe(1);
      const failed = await report(staff.cookie, 'keywords', queued.data.report.id);
      expect(failed.data.report).toMatchObject({ status: 'failed', failure, total_rows: 0, inserted_rows: 0 });
      const jobs = await queryRows<{ status: string; attempts: number; last_error: string }>(
        t.db(),
        sql`SELECT status, attempts, last_error FROM jobs
            WHERE kind = 'keywords.import' AND (payload->>'importId')::int = ${queued.data.report.id}`,
      );
      expect(jobs).toEqual([{ status: 'failed', attempts: 1, last_error: `PermanentJobError: ${failure}` }]);
    }
  });

  it('keeps answering requests while a workbook bomb is imported, and reports a file that cannot be read', async () => {
    const staff = await staffWithCookie(t.db(), '数据');
    const bomb = await upload(ConsoleDataPath.importKeywords, staff.cookie, {
      name: 'bomb.xlsx',
      content: workbookBomb(300),
    });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const draining = drain();
    const asked = performance.now();
    const time = await t.request({ method: 'GET', url: FramePath.serverTime });
    const answeredMs = performance.now() - asked;
    await draining;
    delay.disable();
    expect(time.statusCode).toBe(200);
    // Parsed on this thread, the bomb held the event loop for a minute; in the worker the loop never waits a second.
    expect(answeredMs).toBeLessThan(1_000);
    expect(delay.max / 1e6).toBeLessThan(1_000);
    expect((await report(staff.cookie, 'keywords', bomb.data.report.id)).data.report.status).toBe('failed');

    const broken = await upload(ConsoleDataPath.importKeywords, staff.cookie, {
      name: 'broken.xlsx',
      content: Buffer.from('this is not a workbook'),
    });
    await drain();
    expect((await report(staff.cookie, 'keywords', broken.data.report.id)).data.report).toMatchObject({
      status: 'failed',
      failure: uploadMessages.damaged,
    });
  });

  it('queues a video-data upload of one kind, audits it, runs it and reports it; the rows show in the library', async () => {
    const staff = await staffWithCookie(t.db(), '数据');
    const queued = await upload(
      ConsoleDataPath.importVideos,
      staff.cookie,
      { name: '达人.csv', content: Buffer.from(creatorsCsv) },
      { kind: 'creators' },
    );
    expect(consoleImportReportSchema.parse(queued.data)).toMatchObject({
      target: 'videos',
      report: { status: 'queued', kind: 'creators', source: '达人.csv', format: 'csv' },
    });
    const id = queued.data.report.id;
    expect(await auditOf(t.db(), `video_import:${id}`)).toMatchObject([
      {
        staffId: staff.id,
        action: 'import.videos',
        after: { import_id: id, file_name: '达人.csv', kind: 'creators', format: 'csv' },
        reason: '补充本周数据',
      },
    ]);
    expect(await drain()).toBe(1);
    const done = await report(staff.cookie, 'videos', id);
    expect(done.data.report).toMatchObject({
      status: 'done',
      total_rows: 2,
      inserted_rows: 1,
      updated_rows: 0,
      error_rows: 1,
      errors: [{ row: 3, column: 'user_id', message: '达人ID不能为空' }],
      failure: null,
    });
    const profile = (await t.request({ method: 'GET', url: `${CreatorPath.profile}?userId=${CREATOR}` })).json();
    expect(profile.data).toMatchObject({ user_id: CREATOR, nick_name: '露营的小周', total_follower_count: 88_000 });

    // Follower history as JSONL named by the format field.
    const days = [
      { user_id: CREATOR, day: '2026-11-19', follower_count: 87_000 },
      { user_id: CREATOR, day: '2026-11-20', follower_count: 88_000 },
    ];
    const history = await upload(
      ConsoleDataPath.importVideos,
      staff.cookie,
      { name: 'followers.txt', content: Buffer.from(days.map((day) => JSON.stringify(day)).join('\n')) },
      { kind: 'follower_history', format: 'jsonl' },
    );
    expect(history.data.report).toMatchObject({ kind: 'follower_history', format: 'jsonl' });
    await drain();
    expect((await report(staff.cookie, 'videos', history.data.report.id)).data.report).toMatchObject({
      status: 'done',
      inserted_rows: 2,
    });
  });

  it('asks a video-data upload for a kind, a file and a format it reads, and refuses a file over the limit', async () => {
    const staff = await staffWithCookie(t.db(), '数据');
    const file = { name: 'c.csv', content: Buffer.from(creatorsCsv) };
    const importVideos = (content: { name: string; content: Buffer }, fields: Record<string, string>) =>
      upload(ConsoleDataPath.importVideos, staff.cookie, content, fields);
    expect(await importVideos(file, {})).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: expect.stringContaining('请选择数据类型：creators、follower_history、videos'),
    });
    expect((await importVideos(file, { kind: 'shops' })).code).toBe(Code.BAD_REQUEST);
    expect(await importVideos({ name: 'c.csv', content: Buffer.alloc(0) }, { kind: 'creators' })).toMatchObject({
      code: Code.TOAST,
      msg: '请选择要上传的文件',
    });
    expect(await importVideos({ name: 'c.xlsx', content: Buffer.from('x') }, { kind: 'creators' })).toMatchObject({
      code: Code.TOAST,
      msg: '不支持的文件格式，请上传 CSV 或 JSONL 文件',
    });
    const big = await importVideos(
      { name: 'big.csv', content: Buffer.alloc(100 * 1024 * 1024 + 1, 'a') },
      {
        kind: 'comments',
      },
    );
    expect(big).toMatchObject({ status: 200, code: Code.TOAST, msg: '上传文件大小不能超过 100MB!' });
  });

  it('fails a video file without a required column once, with the reason in its report', async () => {
    const staff = await staffWithCookie(t.db(), '数据');
    const queued = await upload(
      ConsoleDataPath.importVideos,
      staff.cookie,
      { name: 'trends.csv', content: Buffer.from('aweme_id,good_count\n1,2') },
      { kind: 'trends' },
    );
    expect(await drain()).toBe(1);
    expect((await report(staff.cookie, 'videos', queued.data.report.id)).data.report).toMatchObject({
      status: 'failed',
      failure: '缺少必填列：time',
      total_rows: 0,
    });
    const jobs = await queryRows<{ status: string; attempts: number }>(
      t.db(),
      sql`SELECT status, attempts FROM jobs
          WHERE kind = 'videos.import' AND (payload->>'importId')::int = ${queued.data.report.id}`,
    );
    expect(jobs).toEqual([{ status: 'failed', attempts: 1 }]);
  });

  it('lists the latest imports of both kinds, newest first, without their refused rows', async () => {
    const staff = await staffWithCookie(t.db(), '数据');
    const csv = `${header}\nKSO,,列表词,10,,,,,,,2026-11-20,\nKSO,,,1,,,,,,,2026-11-20,`;
    const keywords = await upload(ConsoleDataPath.importKeywords, staff.cookie, {
      name: '列表.csv',
      content: Buffer.from(csv),
    });
    const videos = await upload(
      ConsoleDataPath.importVideos,
      staff.cookie,
      { name: '列表达人.csv', content: Buffer.from(creatorsCsv) },
      { kind: 'creators' },
    );
    await drain();
    const list = await get(ConsoleDataPath.imports, staff.cookie);
    expect(consoleImportListSchema.parse(list.data).slice(0, 2)).toEqual([
      expect.objectContaining({
        target: 'videos',
        id: videos.data.report.id,
        kind: 'creators',
        status: 'done',
        error_rows: 1,
      }),
      expect.objectContaining({
        target: 'keywords',
        id: keywords.data.report.id,
        kind: null,
        status: 'done',
        error_rows: 1,
      }),
    ]);
    expect(list.data[0]).not.toHaveProperty('errors');
    expect(list.data.length).toBeLessThanOrEqual(20);
  });
});

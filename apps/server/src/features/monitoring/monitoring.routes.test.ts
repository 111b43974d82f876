import {
  Code,
  MONITOR_ALIAS,
  MonitoringPath,
  monitorDailySchema,
  monitorDashboardSchema,
  monitoringMessages,
  monitorKeywordDetailSchema,
  monitorListSchema,
} from '@dso/contract';
import { rankCoverage, rankMove, shanghaiDay, upgradeMessages } from '@dso/domain';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { allJobHandlers } from '../../job-handlers';
import { zipOf } from '../../lib/uploads/test-archives';
import { type RankQuery, type RankSource, RankSourceError } from '../../providers/rank-source/index';
import {
  createCreator,
  createMember,
  createVideo,
  drainJobs,
  multipartFiles,
  quotaUsed,
  signedInjectOptions,
} from '../../testing';
import { expectLoginRequired } from '../../testing/login-required';
import { readPdf } from '../../testing/read-pdf';
import { useTestApp } from '../../testing/route-suite';
import { workbookFile } from '../../testing/workbooks';
import { JobWorker } from '../jobs';
import { ensurePermissionConfig, permissionConfig } from '../permissions';
import { runChecks, startMonitoringRound } from './monitor-checks';
import { claimCheck } from './monitor-checks.repository';
import { rebuildDashboardRollups } from './monitor-rollups.repository';
import { exportDaily } from './monitoring.export';
import { lastDays } from './monitoring.service';

/** A workbook of one sheet from rows of cells. */
const workbook = (rows: unknown[][], bookType: 'xlsx' | 'xls' = 'xlsx') =>
  workbookFile(XLSX.utils.aoa_to_sheet(rows), bookType, 'Sheet1');

/** Tests that build and send workbooks (one of 20 MB) take longer than the default on a loaded 2-core machine. */
const UPLOAD_TEST_MS = 60_000;

describe('rank monitoring calls', () => {
  /** Keywords whose rankings the source refuses to read (and how), for the failure tests. */
  const failing = new Map<string, RankSourceError>();
  const fetched: RankQuery[] = [];
  const awemeIds: string[] = [];
  const today = shanghaiDay(new Date());

  const t = useTestApp({}, async () => {
    await ensurePermissionConfig(db());
    const sandbox = t.app.providers.rankSource;
    const rankSource: RankSource = {
      name: sandbox.name,
      isDemo: true,
      fetchRanking: async (query) => {
        fetched.push(query);
        const failure = failing.get(query.keyword);
        if (failure) throw failure;
        return sandbox.fetchRanking(query);
      },
    };
    (t.app.providers as { rankSource: RankSource }).rankSource = rankSource;
    const creator = await createCreator(db(), { nickName: '露营的阿野' });
    for (let index = 0; index < 30; index++) {
      const video = await createVideo(db(), {
        creatorId: creator.id,
        desc: `露营装备推荐 第${index + 1}期`,
        goodCount: 300_000 - index * 7_000,
      });
      awemeIds.push(video.awemeId);
    }
  });
  const { db, call } = t;

  const member = (grade: 'FREE' | 'VIP' | 'SVIP' = 'VIP') => createMember(db(), { grade });
  const add = (token: string, body: unknown) => call('POST', MonitoringPath.add, token, body);
  const list = (token: string, query = '') => call('GET', `${MonitoringPath.list}?page_size=100${query}`, token);
  const send = (token: string | undefined, body: Buffer, headers: Record<string, string>) =>
    t
      .request({ method: 'POST', url: MonitoringPath.upload, body, headers, ...(token ? { token } : {}) })
      .then((r) => ({ ...r.json(), status: r.statusCode }));
  /**
   * A browser's upload (used once: it starts listening): the form streamed over a real connection, where the form
   * reader reports a file over the limit differently than for a body injected whole.
   */
  const overSocket = async (token: string, form: FormData) => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const signed = signedInjectOptions({ method: 'POST', url: MonitoringPath.upload, token });
    const response = await fetch(`${address}${signed.url}`, {
      method: 'POST',
      body: form,
      headers: signed.headers as Record<string, string>,
    });
    return { ...((await response.json()) as object), status: response.status };
  };
  const upload = (token: string | undefined, name: string, content: Buffer) => {
    const form = multipartFiles([{ name, content }]);
    return send(token, form.body, form.headers);
  };
  const used = (userId: number) => quotaUsed(db(), userId, MONITOR_ALIAS);
  const runJobs = () => drainJobs(t);

  describe('access and validation', () => {
    it('asks for login on every call', async () => {
      const body = { keyword: '露营', id: 1 };
      await expectLoginRequired(t, [
        ['GET', MonitoringPath.list],
        ['POST', MonitoringPath.add, body],
        ['POST', MonitoringPath.remove, body],
        ['GET', `${MonitoringPath.keyword}?id=1`],
        ['GET', MonitoringPath.dashboard],
        ['GET', MonitoringPath.daily],
      ]);
      expect((await upload(undefined, 'a.xlsx', workbook([['露营']]))).code).toBe(Code.TOKEN_INVALID);
    });

    it('refuses an empty or over-long keyword, an unknown platform and a bad work id', async () => {
      const { token } = await member();
      expect(await add(token, { keyword: '  ' })).toMatchObject({ code: Code.BAD_REQUEST, msg: '请输入关键词' });
      expect(await add(token, { keyword: '词'.repeat(31) })).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: '关键词长度不能超过30个字符',
      });
      expect((await add(token, { keyword: '露营', platform: 'XHS' })).code).toBe(Code.BAD_REQUEST);
      expect((await add(token, { keyword: '露营', aweme_id: '../x' })).code).toBe(Code.BAD_REQUEST);
      expect((await call('GET', `${MonitoringPath.list}?page_size=101`, token)).msg).toBe(
        monitoringMessages.pageSizeTooLarge,
      );
      expect((await call('GET', `${MonitoringPath.dashboard}?days=366`, token)).msg).toBe(
        monitoringMessages.dashboardDaysOutOfRange,
      );
      expect((await call('GET', `${MonitoringPath.keyword}?id=1&days=91`, token)).msg).toBe(
        monitoringMessages.daysOutOfRange,
      );
      for (const day of ['2026-02-30', '0000-00-00', '2026-13-01']) {
        expect(await call('GET', `${MonitoringPath.daily}?day=${day}`, token)).toMatchObject({
          code: Code.BAD_REQUEST,
          msg: '日期格式不正确',
        });
      }
    });
  });

  describe('items and the quota', () => {
    it('adds a keyword once, charging one unit, and gives the unit back on removal', async () => {
      const { user, token } = await member();
      const added = await add(token, { keyword: '露营装备' });
      expect(added).toMatchObject({ code: Code.OK, msg: monitoringMessages.added });
      expect(added.data).toMatchObject({ keyword: '露营装备', platform: 'DSO', aweme_id: null });
      expect(await used(user.id)).toBe(1);
      const again = await add(token, { keyword: '露营装备' });
      expect(again).toMatchObject({ code: Code.OK, msg: monitoringMessages.alreadyMonitored });
      expect(again.data.id).toBe(added.data.id);
      expect(await used(user.id)).toBe(1);
      const listed = monitorListSchema.parse((await list(token)).data);
      expect(listed.total_record).toBe(1);
      expect(listed.use).toEqual({ per_val: 50, use_val: 1 });
      const removed = await call('POST', MonitoringPath.remove, token, { id: added.data.id });
      expect(removed).toMatchObject({ code: Code.OK, msg: monitoringMessages.removed, data: { use_val: 0 } });
      expect(await call('POST', MonitoringPath.remove, token, { id: added.data.id })).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: monitoringMessages.itemMissing,
      });
      expect(await used(user.id)).toBe(0);
    });

    it("does not remove another user's item", async () => {
      const owner = await member();
      const other = await member();
      const added = await add(owner.token, { keyword: '露营' });
      expect((await call('POST', MonitoringPath.remove, other.token, { id: added.data.id })).msg).toBe(
        monitoringMessages.itemMissing,
      );
      expect((await list(other.token)).data.total_record).toBe(0);
    });

    it('refuses an item past KEYWORD_MONITOR_COUNT with 810, adding nothing', async () => {
      const { user, token } = await member('FREE');
      for (let index = 0; index < 5; index++)
        expect((await add(token, { keyword: `露营${index}` })).code).toBe(Code.OK);
      const refused = await add(token, { keyword: '露营5' });
      expect(refused.code).toBe(Code.NEEDS_UPGRADE);
      expect(refused.data).toMatchObject({ alias: MONITOR_ALIAS, reason: 'exhausted' });
      expect((await list(token)).data.total_record).toBe(5);
      expect(await used(user.id)).toBe(5);
    });

    it('takes each unit once when the same keyword is added many times at once', async () => {
      const { user, token } = await member('FREE');
      const answers = await Promise.all(Array.from({ length: 6 }, () => add(token, { keyword: '同时添加' })));
      expect(answers.every((answer) => answer.code === Code.OK)).toBe(true);
      expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
      expect(await used(user.id)).toBe(1);
    });
  });

  describe('the keyword upload', () => {
    it('adds the keywords the quota allows and leaves the rest out', async () => {
      const { user, token } = await member('FREE');
      await add(token, { keyword: '露营帐篷' });
      const rows = [
        ['关键词'],
        ['露营帐篷'],
        ['露营灯'],
        ['露营椅'],
        ['露营车'],
        ['露营桌'],
        ['露营垫'],
        ['露营灯'],
        ['词'.repeat(31)],
        [''],
      ];
      const answer = await upload(token, '监控词.xlsx', workbook(rows));
      expect(answer).toMatchObject({ code: Code.OK, msg: '添加成功' });
      expect(answer.data).toMatchObject({ keywords: 6, added: 4, existing: 1, over_quota: 1, invalid: 1 });
      expect(answer.data.use).toEqual({ per_val: 5, use_val: 5 });
      expect(await used(user.id)).toBe(5);
      const keywords = (await list(token)).data.result.map((item: { keyword: string }) => item.keyword).sort();
      expect(keywords).toEqual(['露营帐篷', '露营灯', '露营椅', '露营车', '露营桌'].sort());
    });

    it('reads an .xls workbook without a header from its first column', async () => {
      const { token } = await member();
      const answer = await upload(token, 'keywords.XLS', workbook([['露营炉'], ['露营锅']], 'xls'));
      expect(answer.data).toMatchObject({ keywords: 2, added: 2 });
    });

    it(
      'refuses other files, empty ones, 20 MB ones, three at once and unreadable workbooks as toasts in the dialog’s words',
      async () => {
        const { user, token } = await member();
        const refusal = (msg: string) => ({ status: 200, code: Code.TOAST, msg });
        expect(await upload(token, 'keywords.csv', Buffer.from('露营\n'))).toMatchObject(
          refusal(monitoringMessages.fileType),
        );
        expect(await upload(token, 'empty.xlsx', workbook([['关键词']]))).toMatchObject(
          refusal(monitoringMessages.fileEmpty),
        );
        expect(await upload(token, 'none.xlsx', Buffer.alloc(0))).toMatchObject(refusal('请选择要上传的文件'));
        // 002 §5: the size must stay below 20 MB, whether the bytes arrive at once or stream in over a connection.
        const MiB = 1024 * 1024;
        expect(await upload(token, 'big.xlsx', Buffer.alloc(20 * MiB, 1))).toMatchObject(
          refusal(monitoringMessages.uploadTooLarge),
        );
        const form = new FormData();
        form.append('file', new Blob([Buffer.alloc(25 * MiB, 1)]), 'big.xlsx');
        expect(await overSocket(token, form)).toMatchObject(refusal(monitoringMessages.uploadTooLarge));
        const three = multipartFiles(
          ['a', 'b', 'c'].map((name) => ({ name: `${name}.xlsx`, content: workbook([['新词']]) })),
        );
        expect(await send(token, three.body, three.headers)).toMatchObject(refusal(monitoringMessages.uploadTooMany));
        // The parsers' own words (SheetJS: `Unsupported ZIP file`, `Major Version: Expected 3 or 4 saw …`) stay in the log.
        const notAWorkbook = zipOf([{ name: 'notes.txt', data: '露营' }]);
        const notAnXls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024, 0xf2)]);
        for (const [name, content] of [
          ['broken.xlsx', notAWorkbook],
          ['broken.xls', notAnXls],
          ['broken.xlsx', Buffer.from('not a workbook at all')],
        ] as const) {
          expect(await upload(token, name, content)).toMatchObject(refusal('文件已损坏或格式不正确'));
        }
        expect(await used(user.id)).toBe(0);
      },
      UPLOAD_TEST_MS,
    );

    it(
      'answers 810 when no quota is left and 403 to a grade without the permission',
      async () => {
        const { token } = await member('FREE');
        for (let index = 0; index < 5; index++) await add(token, { keyword: `满额${index}` });
        expect((await upload(token, 'k.xlsx', workbook([['新词']]))).code).toBe(Code.NEEDS_UPGRADE);
        const withoutFree = permissionConfig.map((definition) =>
          definition.alias === MONITOR_ALIAS
            ? {
                ...definition,
                values: Object.fromEntries(Object.entries(definition.values).filter(([g]) => g !== 'FREE')),
              }
            : definition,
        );
        await ensurePermissionConfig(db(), withoutFree);
        try {
          const lacking = await member('FREE');
          expect(await upload(lacking.token, 'k.xlsx', workbook([['新词']]))).toMatchObject({
            code: Code.FORBIDDEN,
            msg: upgradeMessages.insufficientRights,
          });
        } finally {
          await ensurePermissionConfig(db());
        }
      },
      UPLOAD_TEST_MS,
    );
  });

  describe('checks', () => {
    it('checks new items the day they are added and shows ranks, the keyword detail and the dashboard', async () => {
      const { token } = await member('SVIP');
      const keyword = await add(token, { keyword: '露营装备推荐' });
      await add(token, { keyword: '露营装备推荐', aweme_id: awemeIds[0] });
      await add(token, { keyword: '露营装备推荐', aweme_id: awemeIds[29] });
      await add(token, { keyword: '露营装备推荐', aweme_id: '7999999999999999999' });
      expect(await runJobs()).toBeGreaterThan(0);
      const items = monitorListSchema.parse((await list(token)).data).result;
      const byWork = new Map(items.map((item) => [item.aweme_id, item]));
      expect(byWork.get(null)!.latest).toMatchObject({ day: today, status: 'ranked', rank: null, ranked_count: 30 });
      expect(byWork.get(awemeIds[0]!)!.latest).toMatchObject({ status: 'ranked' });
      expect(byWork.get(awemeIds[0]!)!.latest!.rank).toBeGreaterThanOrEqual(1);
      expect(byWork.get(awemeIds[0]!)!.work_title).toBe('露营装备推荐 第1期');
      expect(byWork.get('7999999999999999999')!.latest).toMatchObject({ status: 'unranked', rank: null });

      const detail = monitorKeywordDetailSchema.parse(
        (await call('GET', `${MonitoringPath.keyword}?id=${keyword.data.id}&days=7`, token)).data,
      );
      expect(detail.days.at(-1)).toEqual({ day: today, status: 'ranked' });
      expect(detail.works).toHaveLength(30);
      expect(detail.works[0]!.ranks.at(-1)).toBe(1);
      expect(
        detail.works
          .filter((work) => work.monitored)
          .map((work) => work.aweme_id)
          .sort(),
      ).toEqual([awemeIds[0], awemeIds[29]].sort());

      const board = monitorDashboardSchema.parse((await call('GET', `${MonitoringPath.dashboard}?days=7`, token)).data);
      expect(board.summary).toMatchObject({ keywords: 1, works: 3, failed: 0 });
      expect(board.summary.core).toBe(2);
      expect(board.coverage.at(-1)).toMatchObject({ day: today, core: 2 });
      expect(board.curves).toHaveLength(2);
      // A work monitored after the keyword's ranking was read gets the stored ranking's title.
      const later = await add(token, { keyword: '露营装备推荐', aweme_id: awemeIds[1] });
      expect(later.data.work_title).toBe('露营装备推荐 第2期');
      await runJobs();
      const daily = monitorDailySchema.parse((await call('GET', MonitoringPath.daily, token)).data);
      expect(daily.day).toBe(today);
      expect(daily.checked).toBe(5);
      expect(daily.entries.map((entry) => entry.aweme_id).sort()).toEqual(
        [awemeIds[0], awemeIds[1], awemeIds[29]].sort(),
      );
    });

    it('reads a keyword once a day for every item under it', async () => {
      const a = await member();
      const b = await member();
      fetched.length = 0;
      await add(a.token, { keyword: '露营装备推荐 第1' });
      await add(b.token, { keyword: '露营装备推荐 第1' });
      await runJobs();
      expect(fetched.filter((query) => query.keyword === '露营装备推荐 第1')).toHaveLength(1);
    });

    it('never checks an item twice in a round with two claimers at once', async () => {
      const { token } = await member('SVIP');
      const ids: number[] = [];
      for (let index = 0; index < 24; index++) {
        ids.push((await add(token, { keyword: `并发检测${index % 6}`, aweme_id: awemeIds[index] })).data.id);
      }
      const day = '2030-01-01';
      const deps = { rankSource: t.app.providers.rankSource, pace: async () => {} };
      const [first, second] = await Promise.all([
        runChecks(db(), deps, { day, itemIds: ids, claimedBy: 'worker-a', lastAttempt: false }),
        runChecks(db(), deps, { day, itemIds: [...ids].reverse(), claimedBy: 'worker-b', lastAttempt: false }),
      ]);
      expect(first.checked + second.checked).toBe(24);
      expect(first.skipped + second.skipped).toBe(24);
      const rows = await queryRows<{ item_id: string; n: number; status: string }>(
        db(),
        sql`SELECT item_id, count(*)::int AS n, min(status) AS status FROM monitor_checks
            WHERE day = ${day}::date GROUP BY item_id`,
      );
      expect(rows).toHaveLength(24);
      expect(rows.every((row) => row.n === 1 && row.status !== 'running')).toBe(true);
      // A third claimer later that day finds nothing to do.
      const third = await runChecks(db(), deps, { day, itemIds: ids, claimedBy: 'worker-c', lastAttempt: false });
      expect(third).toEqual({ checked: 0, failed: 0, skipped: 24 });
    });

    it('records a check the source could not answer as failed, never as rank 0, after the retries', async () => {
      const { token } = await member();
      failing.set('故障词', new RankSourceError('unavailable', 'down'));
      try {
        const item = (await add(token, { keyword: '故障词', aweme_id: awemeIds[2] })).data;
        fetched.length = 0;
        await runJobs();
        expect(fetched.filter((query) => query.keyword === '故障词')).toHaveLength(5);
        const [latest] = (await list(token)).data.result;
        expect(latest.id).toBe(item.id);
        expect(latest.latest).toMatchObject({ status: 'failed', rank: null, ranked_count: null });
        const board = monitorDashboardSchema.parse((await call('GET', MonitoringPath.dashboard, token)).data);
        expect(board.summary.failed).toBe(1);
        expect(board.coverage.every((day) => day.core === 0)).toBe(true);
        await expect(
          db().execute(sql`UPDATE monitor_checks SET rank = 0 WHERE item_id = ${item.id}`),
        ).rejects.toThrow();
      } finally {
        failing.clear();
      }
    });

    it('retries a check whose source was busy and records the rank', async () => {
      const { token } = await member();
      let refusals = 1;
      const sandbox = t.app.providers.rankSource;
      const flaky: RankSource = {
        ...sandbox,
        fetchRanking: async (query) => {
          if (refusals-- > 0) throw new RankSourceError('rate_limited', 'slow down');
          return sandbox.fetchRanking(query);
        },
      };
      await add(token, { keyword: '露营装备推荐 第2', aweme_id: awemeIds[1] });
      const handlers = allJobHandlers({ providers: { ...t.app.providers, rankSource: flaky }, publicUrl: undefined });
      await new JobWorker(db(), handlers, { backoffMs: () => 0 }).drain();
      const [item] = (await list(token)).data.result;
      expect(item.latest).toMatchObject({ status: 'ranked' });
    });

    it('exports the daily paper as xlsx and pdf and the history as csv and xlsx with dates', async () => {
      const { user, token } = await member();
      await add(token, { keyword: '露营装备推荐 第4', aweme_id: awemeIds[3] });
      failing.set('导出故障词', new RankSourceError('unavailable', 'down'));
      try {
        await add(token, { keyword: '导出故障词' });
        await runJobs();
      } finally {
        failing.clear();
      }
      const daily = await t.request({ method: 'GET', url: MonitoringPath.dailyExport, token });
      expect(daily.headers['content-type']).toContain('spreadsheetml');
      expect(decodeURIComponent(String(daily.headers['content-disposition']))).toContain(`数据日报-${today}.xlsx`);
      const paper = XLSX.read(daily.rawPayload, { type: 'buffer' });
      const paperRows = XLSX.utils.sheet_to_json<unknown[]>(paper.Sheets[paper.SheetNames[0]!]!, { header: 1 });
      expect(paperRows[0]).toEqual(['日期', today, '对比日期', '-', '检测', 1, '检测失败', 1]);
      expect(paperRows[3]).toEqual([
        '新上榜',
        '露营装备推荐 第4',
        expect.stringContaining('第4期'),
        awemeIds[3],
        '未上榜',
        expect.any(Number),
        '新上榜',
      ]);

      // The same day as a PDF: a real PDF whose text (read back through the embedded CJK subset's
      // ToUnicode map) says what the sheet says.
      const pdf = await t.request({
        method: 'GET',
        url: `${MonitoringPath.dailyExport}?day=${today}&format=pdf`,
        token,
      });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(decodeURIComponent(String(pdf.headers['content-disposition']))).toContain(`数据日报-${today}.pdf`);
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const read = readPdf(pdf.rawPayload);
      expect(read.pages).toBe(1);
      expect(read.info.Title).toBe(`数据日报 ${today}`);
      expect(read.fonts).toEqual([expect.stringMatching(/^[A-Z]{6}\+\S+/)]);
      expect(read.lines).toEqual(
        expect.arrayContaining([
          '数据日报',
          `日期 ${today}　对比 -`,
          '排名上升（0）',
          '排名下降（0）',
          '新上榜（1）',
          '掉榜（0）',
          '露营装备推荐 第4',
          '露营装备推荐 第4期',
          awemeIds[3],
          '未上榜',
          '新上榜',
          '第 1 / 1 页',
        ]),
      );
      expect(read.text).toContain('检测 1 项，失败 1 项');
      expect(read.lines.some((line) => /^第\d+名$/.test(line))).toBe(true);
      expect(read.text).not.toContain('\uFFFD');
      expect((await call('GET', `${MonitoringPath.dailyExport}?format=doc`, token)).code).toBe(Code.BAD_REQUEST);
      expect((await call('GET', `${MonitoringPath.dailyExport}?format=pdf`)).code).toBe(Code.TOKEN_INVALID);
      // Without a Chinese font the call says so instead of sending a PDF of empty boxes.
      await expect(
        exportDaily(db(), user.id, { day: today, format: 'pdf' }, { fontPath: '/nonexistent/font.ttc' }),
      ).rejects.toMatchObject({ code: Code.TOAST, message: monitoringMessages.pdfFontMissing });

      const csv = await t.request({ method: 'GET', url: `${MonitoringPath.historyExport}?days=7&format=csv`, token });
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.rawPayload
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('日期,关键词,平台,监控对象,作品ID,检测结果,排名,上榜作品数');
      expect(lines).toHaveLength(3);
      const failedLine = lines.find((line) => line.includes('导出故障词'))!;
      expect(failedLine).toBe(`${today},导出故障词,抖音,关键词排名,,检测失败,,`);
      expect(lines.find((line) => line.includes(awemeIds[3]!))).toMatch(
        new RegExp(`^${today},露营装备推荐 第4,抖音,.*,已上榜,\\d+,$`),
      );

      const book = await t.request({ method: 'GET', url: `${MonitoringPath.historyExport}?days=7`, token });
      const history = XLSX.read(book.rawPayload, { type: 'buffer' });
      expect(XLSX.utils.sheet_to_json<unknown[]>(history.Sheets.监控历史!, { header: 1 })).toHaveLength(3);
      expect((await call('GET', `${MonitoringPath.historyExport}?format=pdf`, token)).code).toBe(Code.BAD_REQUEST);
      expect((await call('GET', MonitoringPath.dailyExport)).code).toBe(Code.TOKEN_INVALID);
    });

    it('queues a round over the items not yet checked that day', async () => {
      const { token } = await member();
      await add(token, { keyword: '露营装备推荐 第3' });
      await runJobs();
      const day = '2030-02-01';
      const queued = await startMonitoringRound(db(), day);
      const total = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM monitor_items`);
      expect(queued).toBe(total[0]!.n);
      await runJobs();
      expect(await startMonitoringRound(db(), day)).toBe(0);
    });
  });
  describe('the daily roll-up', () => {
    type RawCheck = { item_id: number; day: string; status: string; rank: number | null };
    const userDays = (userId: number) =>
      queryRows<{ day: string; checked: number; failed: number; core: number; ranking: number }>(
        db(),
        sql`SELECT day::text AS day, checked, failed, core, ranking FROM monitor_user_days
            WHERE user_id = ${userId} AND (checked, failed, core, ranking) <> (0, 0, 0, 0) ORDER BY day`,
      );

    /** What the dashboard must show, worked out from the raw checks as docs/monitoring.md defines it. */
    function expectedBoard(items: Array<{ id: number; aweme_id: string | null }>, raw: RawCheck[], days: string[]) {
      const inWindow = raw.filter((check) => check.day >= days[0]! && check.day <= days.at(-1)!);
      const checksOf = (id: number) => inWindow.filter((check) => check.item_id === id);
      const works = items.filter((item) => item.aweme_id).sort((a, b) => a.id - b.id);
      const done = (id: number) =>
        checksOf(id).filter((check) => check.status === 'ranked' || check.status === 'unranked');
      const moves = works.flatMap((item) => {
        const list = done(item.id);
        const latest = list.at(-1);
        if (!latest) return [];
        const previous = list.at(-2)?.rank ?? null;
        return [{ id: item.id, previous, rank: latest.rank, kind: rankMove(previous, latest.rank).kind }];
      });
      const lastRank = (id: number) => checksOf(id).findLast((check) => check.status === 'ranked')?.rank ?? null;
      return {
        summary: {
          keywords: items.length - works.length,
          works: works.length,
          ...rankCoverage(works.map((item) => done(item.id).at(-1)?.rank ?? null)),
          failed: items.filter(
            (item) => checksOf(item.id).findLast((check) => check.status !== 'running')?.status === 'failed',
          ).length,
        },
        coverage: days.map((day) => ({
          day,
          ...rankCoverage(
            works.map((item) => {
              const check = checksOf(item.id).find((one) => one.day === day);
              return check?.status === 'ranked' ? check.rank : null;
            }),
          ),
        })),
        curves: works
          .filter((item) => lastRank(item.id) !== null)
          .sort((a, b) => lastRank(a.id)! - lastRank(b.id)! || a.id - b.id)
          .slice(0, 10)
          .map((item) => ({
            id: item.id,
            ranks: days.map((day) => {
              const check = checksOf(item.id).find((one) => one.day === day);
              return check?.status === 'ranked' ? check.rank : null;
            }),
          })),
        rises: moves.filter((move) => move.kind === 'up' || move.kind === 'new').map(({ kind: _, ...move }) => move),
        falls: moves.filter((move) => move.kind === 'down' || move.kind === 'lost').map(({ kind: _, ...move }) => move),
      };
    }

    it('shows on the dashboard what the raw checks say over a year, after removals and abandoned checks', async () => {
      const { user, token } = await member('SVIP');
      const ids: number[] = [];
      for (const index of [0, 4, 9, 15, 22, 29]) {
        ids.push((await add(token, { keyword: '露营装备推荐', aweme_id: awemeIds[index] })).data.id);
      }
      ids.push((await add(token, { keyword: '露营装备推荐', aweme_id: '7999999999999999998' })).data.id);
      ids.push((await add(token, { keyword: '露营装备推荐' })).data.id);
      const flaky = (await add(token, { keyword: '汇总故障词', aweme_id: awemeIds[3] })).data.id;
      ids.push(flaky);
      await runJobs();
      const dayAgo = (count: number) => shanghaiDay(new Date(Date.now() - count * 86_400_000));
      const deps = { rankSource: t.app.providers.rankSource, pace: async () => {} };
      for (const [index, ago] of [400, 364, 200, 100, 30, 5, 2, 1].entries()) {
        // The flaky keyword's source is down on some days (recorded failed), up on others.
        if (index % 3 === 0) failing.set('汇总故障词', new RankSourceError('unavailable', 'down'));
        // Yesterday every work's check failed: the move compares today's (made when the items were added)
        // with the one two days ago.
        if (ago === 1) failing.set('露营装备推荐', new RankSourceError('unavailable', 'down'));
        try {
          await runChecks(db(), deps, { day: dayAgo(ago), itemIds: ids, claimedBy: `day-${ago}`, lastAttempt: true });
        } finally {
          failing.clear();
        }
      }
      // A check abandoned as running three days ago becomes failed when a later round starts.
      expect(await claimCheck(db(), ids[5]!, dayAgo(3), 'gone-job')).not.toBeNull();
      await startMonitoringRound(db(), dayAgo(0));
      // Removing an item takes its history out of the figures.
      expect((await call('POST', MonitoringPath.remove, token, { id: ids[1] })).code).toBe(Code.OK);
      const kept = ids.filter((id) => id !== ids[1]);

      const items = monitorListSchema.parse((await list(token)).data).result;
      expect(items).toHaveLength(kept.length);
      const raw = (
        await queryRows<RawCheck>(
          db(),
          sql`SELECT item_id, day::text AS day, status, rank FROM monitor_checks
              WHERE item_id = ANY(${sql.param(kept)}::bigint[]) ORDER BY day, item_id`,
        )
      ).map((check) => ({ ...check, item_id: Number(check.item_id) }));
      expect(raw.some((check) => check.status === 'failed')).toBe(true);
      expect(raw.some((check) => check.status === 'ranked' && check.rank! <= 10)).toBe(true);
      expect(raw.some((check) => check.day === dayAgo(400))).toBe(true);

      for (const days of [365, 30, 7]) {
        const board = monitorDashboardSchema.parse(
          (await call('GET', `${MonitoringPath.dashboard}?days=${days}`, token)).data,
        );
        const expected = expectedBoard(
          items.map((item) => ({ id: item.id, aweme_id: item.aweme_id })),
          raw,
          lastDays(days),
        );
        expect(board.days).toEqual(lastDays(days));
        expect(board.summary).toEqual(expected.summary);
        expect(board.coverage).toEqual(expected.coverage);
        expect(board.curves.map(({ id, ranks }) => ({ id, ranks }))).toEqual(expected.curves);
        const moved = (list: typeof board.rises) =>
          list
            .map(({ id, previous_rank, rank }) => ({ id, previous: previous_rank, rank }))
            .sort((a, b) => a.id - b.id);
        expect(moved(board.rises)).toEqual(expected.rises);
        expect(moved(board.falls)).toEqual(expected.falls);
      }
      const year = monitorDashboardSchema.parse(
        (await call('GET', `${MonitoringPath.dashboard}?days=365`, token)).data,
      );
      expect(year.coverage.find((point) => point.day === dayAgo(364))!.core).toBeGreaterThan(0);

      // The incrementally kept roll-ups are what a rebuild from the checks gives.
      const standings = () =>
        queryRows<{ id: number; prev_ok_day: string | null }>(
          db(),
          sql`SELECT id, last_day::text, last_status, ok_day::text, ok_rank, prev_ok_day::text, prev_ok_rank,
                ranked_day::text, ranked_rank FROM monitor_items WHERE user_id = ${user.id} ORDER BY id`,
        );
      const keptDays = await userDays(user.id);
      const keptStandings = await standings();
      expect(keptDays.find((row) => row.day === dayAgo(3))).toMatchObject({ failed: 1 });
      expect(keptStandings.filter((row) => row.prev_ok_day !== null).length).toBeGreaterThan(0);
      await db().execute(sql`UPDATE monitor_items SET ok_day = NULL, last_status = NULL WHERE user_id = ${user.id}`);
      await rebuildDashboardRollups(db(), [user.id]);
      expect(await userDays(user.id)).toEqual(keptDays);
      expect(await standings()).toEqual(keptStandings);

      // The daily paper of a past day says what that day's checks say.
      const paper = monitorDailySchema.parse(
        (await call('GET', `${MonitoringPath.daily}?day=${dayAgo(2)}`, token)).data,
      );
      const thatDay = raw.filter((check) => check.day === dayAgo(2));
      expect(paper.checked).toBe(thatDay.filter((check) => check.status !== 'failed').length);
      expect(paper.failed).toBe(thatDay.filter((check) => check.status === 'failed').length);
      expect(paper.previous_day).toBe(dayAgo(5));
    });
  });
});

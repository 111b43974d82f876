import { Code, ConsoleDataPath, type ConsoleJob, consoleJobPageSchema, consoleJobSummarySchema } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { allJobHandlers } from '../../../job-handlers';
import { multipartForm, type SignedRequest } from '../../../testing';
import { useTestApp, withQuery } from '../../../testing/route-suite';
import { enqueueJob, findJob, JobWorker, PermanentJobError } from '../../jobs';
import { auditOf, consoleCalls, staffWithCookie } from '../console.testing';

describe('console 数据: access, derive jobs and the job queue', () => {
  const t = useTestApp();

  const { get, post } = consoleCalls(t);
  const toast = (msg: string) => ({ code: Code.TOAST, msg, data: null });

  let kindNo = 0;
  /**
   * A job of a kind of the test's own whose handler fails for good until `lift()`: `fail()` runs it once so it
   * is failed, `drain()` runs what of the kind is due.
   */
  async function failingJob(options: { singletonKey?: string } = {}) {
    const kind = `test.job${++kindNo}`;
    let lifted = false;
    let runs = 0;
    const worker = new JobWorker(t.db(), {
      [kind]: async () => {
        runs += 1;
        if (!lifted) throw new PermanentJobError('缺少导入文件');
      },
    });
    const id = (await enqueueJob(t.db(), {
      kind,
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    }))!;
    expect(await worker.drain()).toBe(1);
    expect(await findJob(t.db(), id)).toMatchObject({ status: 'failed', attempts: 1 });
    return {
      id,
      kind,
      runs: () => runs,
      lift: () => {
        lifted = true;
      },
      drain: () => worker.drain(),
    };
  }
  const jobList = async (cookie: string, query: Record<string, string | number>) =>
    consoleJobPageSchema.parse((await get(withQuery(ConsoleDataPath.jobs, query), cookie)).data);
  const failedList = (cookie: string) => jobList(cookie, { status: 'failed' });

  it('refuses 财务 and 客服 every data call with 403, a member 403 and a visitor 800, changing nothing', async () => {
    const job = await failingJob();
    const form = multipartForm({ name: 'k.csv', content: Buffer.from('x') });
    const calls: SignedRequest[] = [
      { method: 'GET' as const, url: ConsoleDataPath.jobSummary },
      { method: 'GET' as const, url: withQuery(ConsoleDataPath.jobs, { status: 'failed' }) },
      { method: 'GET' as const, url: ConsoleDataPath.deriveRuns },
      { method: 'GET' as const, url: ConsoleDataPath.imports },
      { method: 'GET' as const, url: withQuery(ConsoleDataPath.importReport, { target: 'keywords', id: 1 }) },
      { method: 'POST' as const, url: ConsoleDataPath.deriveRun, body: { platform: 'DSO', reason: '试试' } },
      { method: 'POST' as const, url: ConsoleDataPath.jobRetry, body: { job_id: job.id, reason: '试试' } },
      { method: 'POST' as const, url: ConsoleDataPath.jobDiscard, body: { job_id: job.id, reason: '试试' } },
      { method: 'POST' as const, url: withQuery(ConsoleDataPath.importKeywords, { reason: '试试' }), ...form },
      { method: 'POST' as const, url: withQuery(ConsoleDataPath.importVideos, { reason: '试试' }), ...form },
    ];
    const member = await t.account();
    const forbidden = { code: Code.FORBIDDEN, msg: '无权限访问', data: null };
    for (const role of ['财务', '客服'] as const) {
      const staff = await staffWithCookie(t.db(), role);
      for (const call of calls) {
        const headers = { ...call.headers, cookie: staff.cookie };
        expect((await t.request({ ...call, headers })).json(), `${role} ${call.url}`).toEqual(forbidden);
      }
    }
    for (const call of calls) {
      expect((await t.request({ ...call, token: member.token })).json()).toEqual(forbidden);
      expect((await t.request(call)).json()).toEqual({ code: Code.TOKEN_INVALID, msg: '请先登录', data: null });
    }
    expect(await findJob(t.db(), job.id)).toMatchObject({ status: 'failed' });
    expect(await auditOf(t.db(), `job:${job.id}`)).toEqual([]);
  });

  it('shows the queue by kind and state, and how long its oldest due job has waited', async () => {
    const staff = await staffWithCookie(t.db(), '数据');
    const kind = `test.summary${++kindNo}`;
    const now = Date.now();
    const oldest = (await enqueueJob(t.db(), { kind, runAfter: new Date(now - 90 * 60_000) }))!;
    await enqueueJob(t.db(), { kind, runAfter: new Date(now - 5 * 60_000) });
    // Not due yet: waiting for its time, not for a worker.
    await enqueueJob(t.db(), { kind, runAfter: new Date(now + 60 * 60_000) });
    const summary = consoleJobSummarySchema.parse((await get(ConsoleDataPath.jobSummary, staff.cookie)).data);
    expect(summary.counts.filter((row) => row.kind === kind)).toEqual([{ kind, status: 'queued', count: 3 }]);
    expect(summary.oldest_waiting).toMatchObject({ id: oldest, kind });
    expect(summary.oldest_waiting!.waiting_seconds).toBeGreaterThanOrEqual(90 * 60);
    expect(summary.oldest_waiting!.waiting_seconds).toBeLessThan(91 * 60);
    // 管理员 reads it too.
    const admin = await staffWithCookie(t.db(), '管理员');
    expect((await get(ConsoleDataPath.jobSummary, admin.cookie)).code).toBe(Code.OK);
  });

  it('lists failed jobs with their error and attempts; a retry requeues one once, audited, and it runs', async () => {
    const staff = await staffWithCookie(t.db(), '数据');
    const job = await failingJob();
    const listed = (await failedList(staff.cookie)).list.find((row) => row.id === job.id);
    expect(listed).toMatchObject({
      kind: job.kind,
      status: 'failed',
      attempts: 1,
      max_attempts: 5,
      last_error: 'PermanentJobError: 缺少导入文件',
    } satisfies Partial<ConsoleJob>);
    expect(listed!.finish_time).not.toBeNull();

    job.lift();
    const body = { job_id: job.id, reason: '已补上导入文件' };
    const retried = await post(ConsoleDataPath.jobRetry, staff.cookie, body);
    expect(retried).toMatchObject({ code: Code.OK, msg: '任务已重新排队', data: { changed: 1 } });
    expect(await findJob(t.db(), job.id)).toMatchObject({ status: 'queued', attempts: 0 });
    // Asked again (a second press, a retried request): the job is no longer failed; nothing more is queued or audited.
    expect(await post(ConsoleDataPath.jobRetry, staff.cookie, body)).toEqual(toast('只有失败的任务可以重试或丢弃'));
    const entries = await auditOf(t.db(), `job:${job.id}`);
    expect(entries).toMatchObject([
      {
        id: retried.data.audit_id,
        staffId: staff.id,
        action: 'job.retry',
        before: { kind: job.kind, status: 'failed', attempts: 1, last_error: 'PermanentJobError: 缺少导入文件' },
        after: { status: 'queued', attempts: 0 },
        reason: '已补上导入文件',
      },
    ]);
    expect(await job.drain()).toBe(1);
    expect(job.runs()).toBe(2);
    expect(await findJob(t.db(), job.id)).toMatchObject({ status: 'done', attempts: 1, last_error: null });
    // Every state of the kind, as the page lists it once a retried job has run.
    expect((await jobList(staff.cookie, { kind: job.kind })).list).toMatchObject([{ id: job.id, status: 'done' }]);
    // Done: neither retried nor discarded, and gone from the failed list.
    expect(await post(ConsoleDataPath.jobRetry, staff.cookie, body)).toEqual(toast('只有失败的任务可以重试或丢弃'));
    expect(await post(ConsoleDataPath.jobDiscard, staff.cookie, body)).toEqual(toast('只有失败的任务可以重试或丢弃'));
    expect((await failedList(staff.cookie)).list.some((row) => row.id === job.id)).toBe(false);
    expect(await auditOf(t.db(), `job:${job.id}`)).toHaveLength(1);
  });

  it('requeues a failed job once when two retries arrive together', async () => {
    const staff = await staffWithCookie(t.db(), '管理员');
    const job = await failingJob();
    const body = { job_id: job.id, reason: '重试' };
    const answers = await Promise.all([0, 1, 2].map(() => post(ConsoleDataPath.jobRetry, staff.cookie, body)));
    expect(answers.filter((answer) => answer.code === Code.OK)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === Code.TOAST)).toHaveLength(2);
    expect(await auditOf(t.db(), `job:${job.id}`)).toHaveLength(1);
    job.lift();
    expect(await job.drain()).toBe(1);
    expect(job.runs()).toBe(2);
  });

  it('discards a failed job: never run again, listed as discarded, audited once', async () => {
    const staff = await staffWithCookie(t.db(), '数据');
    const job = await failingJob();
    const body = { job_id: job.id, reason: '源文件已作废' };
    const discarded = await post(ConsoleDataPath.jobDiscard, staff.cookie, body);
    expect(discarded).toMatchObject({ code: Code.OK, msg: '任务已丢弃', data: { changed: 1 } });
    expect(await post(ConsoleDataPath.jobDiscard, staff.cookie, body)).toEqual(toast('只有失败的任务可以重试或丢弃'));
    expect(await post(ConsoleDataPath.jobRetry, staff.cookie, body)).toEqual(toast('只有失败的任务可以重试或丢弃'));
    job.lift();
    expect(await job.drain()).toBe(0);
    expect(job.runs()).toBe(1);
    expect((await failedList(staff.cookie)).list.some((row) => row.id === job.id)).toBe(false);
    expect((await jobList(staff.cookie, { status: 'discarded' })).list.find((row) => row.id === job.id)).toMatchObject({
      status: 'discarded',
      last_error: 'PermanentJobError: 缺少导入文件',
    });
    expect(await auditOf(t.db(), `job:${job.id}`)).toMatchObject([
      {
        id: discarded.data.audit_id,
        action: 'job.discard',
        before: { status: 'failed', attempts: 1 },
        after: { status: 'discarded' },
        reason: '源文件已作废',
      },
    ]);
  });

  it('refuses a retry while the same work waits in the queue, a job that does not exist and a bad body', async () => {
    const staff = await staffWithCookie(t.db(), '数据');
    const job = await failingJob({ singletonKey: 'DSO' });
    const twin = await enqueueJob(t.db(), {
      kind: job.kind,
      singletonKey: 'DSO',
      runAfter: new Date(Date.now() + 60_000),
    });
    expect(twin).not.toBeNull();
    expect(await post(ConsoleDataPath.jobRetry, staff.cookie, { job_id: job.id, reason: '重试' })).toEqual(
      toast('同一任务已在排队，无需重试'),
    );
    expect(await findJob(t.db(), job.id)).toMatchObject({ status: 'failed' });
    expect(await post(ConsoleDataPath.jobRetry, staff.cookie, { job_id: 999_999_999, reason: '重试' })).toEqual({
      code: Code.NOT_FOUND,
      msg: '任务不存在',
      data: null,
    });
    for (const [body, msg] of [
      [{ reason: '重试' }, '任务编号须为正整数'],
      [{ job_id: 0, reason: '重试' }, '任务编号须为正整数'],
      [{ job_id: 'x', reason: '重试' }, '任务编号须为正整数'],
      [{ job_id: job.id }, '请填写操作原因'],
      [{ job_id: job.id, reason: ' ' }, '请填写操作原因'],
      [{ job_id: job.id, reason: '长'.repeat(201) }, '操作原因最多200字'],
    ] as const) {
      for (const path of [ConsoleDataPath.jobRetry, ConsoleDataPath.jobDiscard]) {
        expect(await post(path, staff.cookie, body)).toMatchObject({ code: Code.BAD_REQUEST, msg });
      }
    }
    expect(await auditOf(t.db(), `job:${job.id}`)).toEqual([]);
    for (const query of [{ page_no: 0 }, { status: 'lost' }] as Array<Record<string, string | number>>) {
      expect((await get(withQuery(ConsoleDataPath.jobs, query), staff.cookie)).code).toBe(Code.BAD_REQUEST);
    }
  });

  it('queues the derive of a library once while it waits, audited, and lists the derive runs', async () => {
    const staff = await staffWithCookie(t.db(), '数据');
    const queued = await post(ConsoleDataPath.deriveRun, staff.cookie, {
      platform: 'TSO',
      reason: '导入后重算',
    });
    expect(queued).toMatchObject({ code: Code.OK, msg: '派生任务已排队' });
    const jobId = queued.data.id;
    expect(await findJob(t.db(), jobId)).toMatchObject({
      kind: 'keywords.derive',
      status: 'queued',
      payload: { platform: 'TSO', country: 'US' },
    });
    expect(
      await post(ConsoleDataPath.deriveRun, staff.cookie, { platform: 'TSO', country: 'US', reason: '再算' }),
    ).toEqual(toast('该库的派生任务已在排队，无需重复提交'));
    expect(await auditOf(t.db(), `job:${jobId}`)).toMatchObject([
      {
        id: queued.data.audit_id,
        staffId: staff.id,
        action: 'derive.run',
        before: null,
        after: { job_id: jobId, kind: 'keywords.derive', platform: 'TSO', country: 'US' },
        reason: '导入后重算',
      },
    ]);
    expect((await get(ConsoleDataPath.deriveRuns, staff.cookie)).data[0]).toMatchObject({
      id: jobId,
      kind: 'keywords.derive',
      status: 'queued',
    });
    // The job `npm run derive` runs in place: the worker runs it and the list shows it done.
    expect(await new JobWorker(t.db(), allJobHandlers(), { backoffMs: () => 0 }).drain()).toBe(1);
    expect((await get(ConsoleDataPath.deriveRuns, staff.cookie)).data[0]).toMatchObject({ id: jobId, status: 'done' });
    expect(await post(ConsoleDataPath.deriveRun, staff.cookie, { platform: 'XSO', reason: '再算' })).toMatchObject({
      code: Code.BAD_REQUEST,
    });
    expect(await post(ConsoleDataPath.deriveRun, staff.cookie, { platform: 'DSO' })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: '请填写操作原因',
    });
  });
});

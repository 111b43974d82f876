import { ConsoleDataPath, type ConsoleImportReport, type ConsoleJob } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerRequests } from '../../../components/testing/answer-requests';
import { renderAtRoute } from '../../../components/testing/render-route';
import { waitText } from '../components/data-jobs';
import { expectReasonRequired, refuse, staffMe, submitReason } from '../testing';
import DataPage from './data-page';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn() }));

/** antd tables and tabs mount slowly in jsdom on a shared machine. */
const PAGE_TEST_TIMEOUT = 60_000;

const dataStaff = staffMe('数据', ['data.manage']);

function job(overrides: Partial<ConsoleJob> = {}): ConsoleJob {
  return {
    id: 17,
    kind: 'keywords.import',
    status: 'failed',
    attempts: 3,
    max_attempts: 3,
    last_error: 'PermanentJobError: import 9 has no file',
    payload: { importId: 9 },
    create_time: 1_767_225_600,
    update_time: 1_767_225_700,
    run_after_time: 1_767_225_600,
    finish_time: 1_767_225_700,
    ...overrides,
  };
}

const render = () => renderAtRoute(<DataPage me={dataStaff} />, { path: '/admin/data', url: '/admin/data' });

describe('the 数据 page', () => {
  it(
    'shows the queue by kind, its longest wait and a failed job with its error; retries it only with a reason',
    async () => {
      let retried = false;
      const calls = answerRequests({
        [ConsoleDataPath.jobSummary]: () => ({
          counts: [
            { kind: 'keywords.derive', status: 'queued', count: 2 },
            { kind: 'keywords.import', status: retried ? 'queued' : 'failed', count: 1 },
          ],
          oldest_waiting: { id: 21, kind: 'keywords.derive', waiting_seconds: 5_400 },
        }),
        [ConsoleDataPath.jobs]: (call) =>
          call.query?.status === 'failed' && !retried ? { list: [job()], total: 1 } : { list: [], total: 0 },
        [ConsoleDataPath.jobRetry]: () => {
          retried = true;
          return { changed: 1, audit_id: 5 };
        },
      });
      render();
      fireEvent.click(screen.getByRole('tab', { name: '任务队列' }));
      await screen.findByText('PermanentJobError: import 9 has no file');
      expect(screen.getByText('1小时30分')).toBeTruthy();
      expect(screen.getByText('keywords.derive #21')).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('任务 #17（keywords.import）将立即重新排队运行。')).toBeTruthy();
      await expectReasonRequired(dialog, '确认重试', calls, ConsoleDataPath.jobRetry);
      submitReason(dialog, '已补上导入文件', '确认重试');
      await waitFor(() => expect(screen.queryByText('PermanentJobError: import 9 has no file')).toBeNull());
      expect(calls.filter((call) => call.path === ConsoleDataPath.jobRetry)).toEqual([
        expect.objectContaining({ method: 'POST', body: { job_id: 17, reason: '已补上导入文件' } }),
      ]);
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'keeps the dialog open with the server’s refusal when the job is no longer failed',
    async () => {
      answerRequests({
        [ConsoleDataPath.jobSummary]: () => ({ counts: [], oldest_waiting: null }),
        [ConsoleDataPath.jobs]: () => ({ list: [job()], total: 1 }),
        [ConsoleDataPath.jobDiscard]: refuse(300, '只有失败的任务可以重试或丢弃'),
      });
      render();
      fireEvent.click(screen.getByRole('tab', { name: '任务队列' }));
      fireEvent.click(await screen.findByRole('button', { name: /丢\s*弃/ }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('操作原因'), { target: { value: '源文件作废' } });
      fireEvent.click(within(dialog).getByRole('button', { name: '确认丢弃' }));
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: '确认丢弃' }).classList).not.toContain('ant-btn-loading'),
      );
      expect(screen.getByRole('dialog')).toBe(dialog);
      expect(within(dialog).getByDisplayValue('源文件作废')).toBeTruthy();
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'uploads a keyword file with its reason and shows the per-row report',
    async () => {
      const report: ConsoleImportReport = {
        target: 'keywords',
        report: {
          id: 9,
          source: '露营.csv',
          format: 'csv',
          status: 'done',
          total_rows: 3,
          inserted_rows: 2,
          updated_rows: 0,
          error_rows: 1,
          errors: [{ row: 3, column: 'keyword', message: '关键词不能为空' }],
          scopes: ['DSO'],
          failure: null,
          created_at: '2026-11-20T00:00:00.000Z',
          finished_at: '2026-11-20T00:00:05.000Z',
        },
      };
      const calls = answerRequests({
        [ConsoleDataPath.importKeywords]: () => ({ ...report, report: { ...report.report, status: 'queued' } }),
        [ConsoleDataPath.importReport]: () => report,
        [ConsoleDataPath.imports]: () => [],
      });
      render();
      fireEvent.click(screen.getByRole('button', { name: '导入文件' }));
      const dialog = await screen.findByRole('dialog');
      const file = new File(['platform,keyword'], '露营.csv', { type: 'text/csv' });
      fireEvent.change(within(dialog).getByTestId('console-import-file'), { target: { files: [file] } });
      await within(dialog).findByText('露营.csv');
      fireEvent.change(within(dialog).getByLabelText('操作原因'), { target: { value: '补充本周数据' } });
      fireEvent.click(within(dialog).getByRole('button', { name: '上 传' }));
      await screen.findByText('导入报告 #9');
      await screen.findByText('关键词不能为空');
      const [upload] = calls.filter((call) => call.path === ConsoleDataPath.importKeywords);
      expect(upload).toMatchObject({ method: 'POST', query: { reason: '补充本周数据' } });
      expect(((upload!.body as unknown as FormData).get('file') as File).name).toBe('露营.csv');
      expect(calls.find((call) => call.path === ConsoleDataPath.importReport)?.query).toEqual({
        target: 'keywords',
        id: 9,
      });
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'lists the latest imports and opens the report of one',
    async () => {
      const calls = answerRequests({
        [ConsoleDataPath.imports]: () => [
          {
            target: 'videos',
            id: 4,
            source: '达人.csv',
            kind: 'creators',
            status: 'failed',
            total_rows: 0,
            inserted_rows: 0,
            updated_rows: 0,
            error_rows: 0,
            failure: '缺少必填列：user_id',
            created_at: '2026-11-20T00:00:00.000Z',
            finished_at: '2026-11-20T00:00:01.000Z',
          },
        ],
        [ConsoleDataPath.importReport]: () => ({
          target: 'videos',
          report: {
            id: 4,
            kind: 'creators',
            source: '达人.csv',
            format: 'csv',
            status: 'failed',
            total_rows: 0,
            inserted_rows: 0,
            updated_rows: 0,
            error_rows: 0,
            errors: [],
            failure: '缺少必填列：user_id',
            created_at: '2026-11-20T00:00:00.000Z',
            finished_at: '2026-11-20T00:00:01.000Z',
          },
        }),
      });
      render();
      await screen.findByText('视频数据 · 达人');
      fireEvent.click(screen.getByRole('button', { name: '查看报告' }));
      await screen.findByText('整个文件未能导入：缺少必填列：user_id');
      expect(calls.find((call) => call.path === ConsoleDataPath.importReport)?.query).toEqual({
        target: 'videos',
        id: 4,
      });
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'lists the derive runs and queues the derive of a library',
    async () => {
      const calls = answerRequests({
        [ConsoleDataPath.deriveRuns]: () => [
          job({ id: 30, kind: 'keywords.derive', status: 'done', payload: { platform: 'TSO', country: 'US' } }),
        ],
        [ConsoleDataPath.deriveRun]: () => ({ id: 31, audit_id: 6 }),
      });
      render();
      fireEvent.click(screen.getByRole('tab', { name: '派生任务' }));
      await screen.findByText('TSO/US');
      fireEvent.click(screen.getByRole('button', { name: '运行派生任务' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('操作原因'), { target: { value: '导入后重算' } });
      fireEvent.click(within(dialog).getByRole('button', { name: '排队运行' }));
      await waitFor(() =>
        expect(calls.filter((call) => call.path === ConsoleDataPath.deriveRun)).toEqual([
          expect.objectContaining({ body: { platform: 'DSO', reason: '导入后重算' } }),
        ]),
      );
    },
    PAGE_TEST_TIMEOUT,
  );

  it('says a wait in seconds, minutes, hours and days', () => {
    expect([42, 300, 3_600, 5_400, 90_000, 86_400].map(waitText)).toEqual([
      '42秒',
      '5分钟',
      '1小时',
      '1小时30分',
      '1天1小时',
      '1天',
    ]);
  });
});

import { type ConsoleCollection, ConsoleDataPath } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerRequests } from '../../../components/testing/answer-requests';
import { renderAtRoute } from '../../../components/testing/render-route';
import DataPage from '../pages/data-page';
import { expectReasonRequired, refuse, staffMe, submitReason } from '../testing';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn() }));

/** antd tables and tabs mount slowly in jsdom on a shared machine. */
const PAGE_TEST_TIMEOUT = 60_000;

function watchedWorks(overrides: Partial<ConsoleCollection> = {}): ConsoleCollection {
  return {
    name: 'watched_works',
    label: '关注作品刷新',
    source: 'platform-data',
    provider: 'tikhub',
    cron: '30 4 * * *',
    next_run_time: 1_796_070_600,
    calls_today: 120,
    daily_calls: 5_000,
    calls_per_second: 5,
    library: null,
    runs: [
      {
        id: 8,
        window: '2026-11-29T04:30+08',
        trigger: 'schedule',
        status: 'failed',
        start_time: 1_796_070_600,
        finish_time: 1_796_070_660,
        rows_added: 0,
        rows_updated: 3,
        rows_unchanged: 1,
        calls_made: 17,
        failures: 2,
        error: 'TikHub 429: Too Many Requests',
        staff_name: null,
      },
    ],
    ...overrides,
  };
}

const render = () =>
  renderAtRoute(<DataPage me={staffMe('数据', ['data.manage'])} />, { path: '/admin/data', url: '/admin/data' });

describe('the 数据 page’s 采集 tab', () => {
  it(
    'shows each collection’s source, schedule, calls against the budget and its runs with the vendor’s reason',
    async () => {
      answerRequests({ [ConsoleDataPath.collections]: () => [watchedWorks()] });
      render();
      fireEvent.click(screen.getByRole('tab', { name: '采集' }));
      await screen.findByText('关注作品刷新（watched_works）');
      expect(screen.getByText('platform-data（tikhub）')).toBeTruthy();
      expect(screen.getByText('30 4 * * *')).toBeTruthy();
      expect(screen.getByText('120 / 5000')).toBeTruthy();
      const row = screen.getByText('2026-11-29T04:30+08').closest('tr')!;
      expect(within(row).getByText('定时')).toBeTruthy();
      expect(within(row).getByText('失败').closest('.ant-tag')).toBeTruthy();
      expect(within(row).getByText('0 / 3 / 1')).toBeTruthy();
      expect(within(row).getByText('TikHub 429: Too Many Requests')).toBeTruthy();
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'names each library’s source, and 暂无数据源 for a library no collection feeds',
    async () => {
      answerRequests({
        [ConsoleDataPath.collections]: () => [
          watchedWorks(),
          watchedWorks({ name: 'hot_boards', label: '抖音热榜采集', library: 'DSO' }),
          watchedWorks({
            name: 'douyin_hot_boards',
            label: '抖音开放平台热榜采集',
            provider: 'douyin',
            library: 'DSO',
          }),
          watchedWorks({ name: 'red_hot_boards', label: '小红书热榜采集', library: 'RSO' }),
        ],
      });
      render();
      fireEvent.click(screen.getByRole('tab', { name: '采集' }));
      const lines = await screen.findByTestId('library-sources');
      const line = (label: string) => within(lines).getByText(label).closest('tr')!;
      expect(
        within(line('抖音（DSO）')).getByText('抖音热榜采集（tikhub）、抖音开放平台热榜采集（douyin）'),
      ).toBeTruthy();
      expect(within(line('小红书（RSO）')).getByText('小红书热榜采集（tikhub）')).toBeTruthy();
      for (const label of ['微信（WSO）', 'B站（BSO）', '快手（KSO）', 'TikTok（TSO）']) {
        expect(within(line(label)).getByText('暂无数据源')).toBeTruthy();
      }
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'runs a collection now only with a reason, and keeps the dialog open with the server’s 300',
    async () => {
      let queued = 0;
      const calls = answerRequests({
        [ConsoleDataPath.collections]: () => [watchedWorks({ cron: null, runs: [] })],
        [ConsoleDataPath.collectionRun]: (call) => {
          queued += 1;
          if (queued > 1) return refuse(300, '该采集已在排队或运行中，请稍后再试')();
          return { id: 31, window: 'manual@2026-11-29T12:00:00.000+08', audit_id: 4, ...(call.body as object) };
        },
      });
      render();
      fireEvent.click(screen.getByRole('tab', { name: '采集' }));
      await screen.findByText('已关闭');
      expect(screen.getByText('尚无运行记录')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: '立即运行' }));
      let dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('关注作品刷新（watched_works）将立即排队运行一次。')).toBeTruthy();
      await expectReasonRequired(dialog, '确认运行', calls, ConsoleDataPath.collectionRun);
      submitReason(dialog, '收藏作品数据过旧', '确认运行');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls.filter((call) => call.path === ConsoleDataPath.collectionRun)).toEqual([
        expect.objectContaining({ method: 'POST', body: { collection: 'watched_works', reason: '收藏作品数据过旧' } }),
      ]);

      fireEvent.click(screen.getByRole('button', { name: '立即运行' }));
      dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('操作原因'), { target: { value: '再来一次' } });
      fireEvent.click(within(dialog).getByRole('button', { name: '确认运行' }));
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: '确认运行' }).classList).not.toContain('ant-btn-loading'),
      );
      expect(queued).toBe(2);
      expect(screen.getByRole('dialog')).toBe(dialog);
    },
    PAGE_TEST_TIMEOUT,
  );
});

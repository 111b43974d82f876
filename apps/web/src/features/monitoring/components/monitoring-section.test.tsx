import { type MonitorItem, MonitoringPath, type MonitorList } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../../components/testing/api-client-mock';
import { renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';

vi.mock('../../../lib/api/client', () => import('../../../components/testing/api-client-mock'));

const { default: MonitoringSection } = await import('./monitoring-section');

const item = (over: Partial<MonitorItem>): MonitorItem => ({
  id: 1,
  platform: 'DSO',
  keyword: '露营装备',
  aweme_id: null,
  work_title: '',
  created_at: '2026-11-24T01:00:00.000Z',
  latest: { day: '2026-11-24', status: 'ranked', rank: null, ranked_count: 86, checked_at: null },
  previous_rank: null,
  has_previous: true,
  ...over,
});

function serve(items: MonitorItem[]) {
  request.mockImplementation(async (path: string, call: { body?: { keyword?: string } } = {}) => {
    if (path === MonitoringPath.list) {
      const list: MonitorList = {
        total_record: items.length,
        result: items,
        use: { per_val: 50, use_val: items.length },
      };
      return list;
    }
    if (path === MonitoringPath.add) {
      const added = item({ id: 99, keyword: call.body!.keyword!, latest: null });
      items.unshift(added);
      return added;
    }
    throw new Error(`unexpected call ${path}`);
  });
}

/** Generous: antd tables and dialogs render slowly on the shared two-core machine. */
const TIMEOUT = 30_000;

describe('关键词监控 in the personal centre', { timeout: TIMEOUT }, () => {
  const toast = spyOnToast();

  beforeEach(() => {
    request.mockReset();
  });

  it('lists the items with their latest rank, move and the quota', async () => {
    serve([
      item({}),
      item({
        id: 2,
        aweme_id: '7001',
        work_title: '露营装备清单',
        latest: { day: '2026-11-24', status: 'ranked', rank: 3, ranked_count: null, checked_at: null },
        previous_rank: 9,
      }),
      item({
        id: 3,
        aweme_id: '7002',
        latest: { day: '2026-11-24', status: 'failed', rank: null, ranked_count: null, checked_at: null },
      }),
    ]);
    renderWidget(<MonitoringSection />, { viewer: 'VIP' });
    await waitFor(() => expect(screen.getByTestId('monitor-quota').textContent).toBe('已用 3 / 50 个，剩余 47 个'));
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('上榜作品86个')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: '露营装备' }).getAttribute('href')).toBe(
      '/keyWordDetailMonitor?id=1',
    );
    expect(within(rows[1]!).getByText('第3名')).toBeTruthy();
    expect(within(rows[1]!).getByText('↑6')).toBeTruthy();
    expect(within(rows[1]!).getByText('露营装备清单')).toBeTruthy();
    expect(within(rows[2]!).getByText('检测失败')).toBeTruthy();
    expect(within(rows[2]!).queryByText('0')).toBeNull();
  });

  it('adds a keyword and refuses an empty one', async () => {
    serve([]);
    renderWidget(<MonitoringSection />, { viewer: 'VIP' });
    const input = await screen.findByRole('textbox', { name: '监控关键词' });
    fireEvent.click(screen.getByRole('button', { name: /添加监控/ }));
    expect(toast).toHaveBeenCalledWith('请输入关键词', 'warning');
    fireEvent.change(input, { target: { value: ' 露营灯 ' } });
    fireEvent.click(screen.getByRole('button', { name: /添加监控/ }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(MonitoringPath.add, {
        method: 'POST',
        body: { keyword: '露营灯', platform: 'DSO' },
      }),
    );
    await waitFor(() => expect(toast).toHaveBeenCalledWith('添加成功', 'success'));
    expect(await screen.findByText('露营灯')).toBeTruthy();
    expect(screen.getByText('待检测')).toBeTruthy();
  });
});

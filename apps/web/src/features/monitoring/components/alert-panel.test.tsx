import { type MonitorAlert, type MonitorAlertList, MonitorAlertPath, type MonitorAlertSetting } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request, requestEnvelope } from '../../../components/testing/api-client-mock';
import { renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';

vi.mock('../../../lib/api/client', () => import('../../../components/testing/api-client-mock'));

const { AlertPanel } = await import('./alert-panel');

const alert = (over: Partial<MonitorAlert>): MonitorAlert => ({
  id: 1,
  item_id: 5,
  day: '2026-11-24',
  keyword: '露营',
  aweme_id: '7001',
  work_title: '露营装备清单',
  kind: 'up',
  previous_rank: 15,
  rank: 4,
  read: false,
  push_status: 'none',
  push_error: null,
  created_at: '2026-11-24T00:00:00.000Z',
  ...over,
});

function serve(alerts: MonitorAlert[], setting: MonitorAlertSetting) {
  request.mockImplementation(async (path: string, call: { body?: Record<string, unknown> } = {}) => {
    if (path === MonitorAlertPath.list) {
      const list: MonitorAlertList = {
        total_record: alerts.length,
        unread: alerts.filter((entry) => !entry.read).length,
        result: alerts,
      };
      return list;
    }
    if (path === MonitorAlertPath.read) {
      const ids = call.body?.ids as number[] | undefined;
      alerts = alerts.map((entry) => (call.body?.all || ids?.includes(entry.id) ? { ...entry, read: true } : entry));
      return { unread: alerts.filter((entry) => !entry.read).length };
    }
    if (path === MonitorAlertPath.setting) return setting;
    if (path === MonitorAlertPath.saveSetting) {
      setting = { ...setting, wecom_enabled: Boolean(call.body?.wecom_enabled), webhook_hint: '****5aaa' };
      return setting;
    }
    throw new Error(`unexpected call ${path}`);
  });
}

const TIMEOUT = 30_000;

describe('排名预警 on the works dashboard', { timeout: TIMEOUT }, () => {
  const toast = spyOnToast();

  beforeEach(() => {
    request.mockReset();
    requestEnvelope.mockReset();
  });

  it('lists the alerts with their moves and push state, and marks them read', async () => {
    serve(
      [
        alert({}),
        alert({
          id: 2,
          kind: 'lost',
          previous_rank: 3,
          rank: null,
          work_title: '',
          aweme_id: '7002',
          push_status: 'failed',
        }),
      ],
      { wecom_enabled: false, webhook_hint: '', push_available: true },
    );
    renderWidget(<AlertPanel />, { viewer: 'VIP' });
    const panel = await screen.findByTestId('monitor-alerts');
    await within(panel).findByText('露营装备清单');
    expect(within(panel).getByText('2026-11-24 · 露营 · 第15名 → 第4名')).toBeTruthy();
    expect(within(panel).getByText('↑11')).toBeTruthy();
    expect(within(panel).getByText('掉榜')).toBeTruthy();
    expect(within(panel).getByText('推送失败')).toBeTruthy();
    fireEvent.click(within(panel).getByText('露营装备清单'));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(MonitorAlertPath.read, { method: 'POST', body: { ids: [1] } }),
    );
    fireEvent.click(within(panel).getByRole('button', { name: '全部已读' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(MonitorAlertPath.read, { method: 'POST', body: { all: true } }),
    );
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: '全部已读' })).toHaveProperty('disabled', true),
    );
  });

  it('saves the 企业微信 robot and sends a test message', async () => {
    serve([], { wecom_enabled: false, webhook_hint: '', push_available: true });
    requestEnvelope.mockResolvedValue({ code: 200, msg: '测试消息已发送，请在企业微信群中查看', data: null });
    renderWidget(<AlertPanel />, { viewer: 'VIP' });
    const panel = await screen.findByTestId('monitor-alerts');
    expect(await within(panel).findByText('暂无预警')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: '企业微信推送' }));
    const dialog = await screen.findByTestId('wecom-setting');
    await waitFor(() => expect(request).toHaveBeenCalledWith(MonitorAlertPath.setting, expect.anything()));
    fireEvent.click(within(dialog).getByRole('switch', { name: '推送到企业微信群' }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(toast).toHaveBeenCalledWith('请先填写企业微信群机器人的 Webhook 地址', 'warning');
    const url = 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7a2b-4bc4-97a0-0ec2a1fa5aaa';
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: url } });
    fireEvent.click(screen.getByRole('button', { name: '发送测试消息' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('测试消息已发送，请在企业微信群中查看', 'success', 3000));
    expect(request).toHaveBeenCalledWith(MonitorAlertPath.saveSetting, {
      method: 'POST',
      body: { wecom_enabled: true, webhook: url },
    });
    expect(requestEnvelope).toHaveBeenCalledWith(MonitorAlertPath.testSetting, { method: 'POST' });
  });
});

import { PermissionPath, type UsageLog } from '@dso/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtRoute } from '../../../components/testing/render-route';
import '../../../components/testing/render-widget';
import { answerRequests, callsTo } from '../../orders/testing';
import UsageLogSection, { entryText, permissionUseText } from './usage-log-section';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn(), requestFile: vi.fn() }));

const log = (day: string): UsageLog => ({
  day,
  permissions: [
    {
      alias: 'KEYWORD_LIBRARY_SEARCH_COUNT_DAY',
      name: '关键词库搜索次数',
      kind: 'day_count',
      per_val: 10,
      use_val: 2,
      day_used: 2,
      entries: [
        {
          id: 2,
          created_at: '2026-11-27T02:05:09.000Z',
          amount: 1,
          reason: '露营装备',
          state: 'settled',
          by_child: true,
        },
        { id: 1, created_at: '2026-11-27T02:01:00.000Z', amount: 1, reason: '露营', state: 'settled', by_child: false },
      ],
    },
    {
      alias: 'AI_WRITING_COUNT_DAY',
      name: 'AI创作次数',
      kind: 'day_count',
      per_val: 5,
      use_val: 0,
      day_used: 0,
      entries: [
        {
          id: 4,
          created_at: '2026-11-27T03:00:01.000Z',
          amount: -1,
          reason: '口播短视频脚本 · 露营',
          state: 'settled',
          by_child: false,
        },
        {
          id: 3,
          created_at: '2026-11-27T03:00:00.000Z',
          amount: 1,
          reason: '口播短视频脚本 · 露营',
          state: 'returned',
          by_child: false,
        },
      ],
    },
  ],
});

const renderSection = () => renderAtRoute(<UsageLogSection />, { keepSession: true });

afterEach(cleanup);

describe('用量明细', () => {
  it('words a charge, a give-back, a held unit and a returned charge as the user reads them', () => {
    const base = { id: 1, created_at: '', reason: '', by_child: false };
    expect(entryText({ ...base, amount: 1, state: 'settled' })).toBe('扣除 1 次');
    expect(entryText({ ...base, amount: -1, state: 'settled' })).toBe('退回 1 次');
    expect(entryText({ ...base, amount: 1, state: 'reserved' })).toBe('占用 1 次（处理中）');
    expect(entryText({ ...base, amount: 1, state: 'returned' })).toBe('扣除 1 次（已退回）');
    const permission = log('2026-11-27').permissions[0]!;
    expect(permissionUseText(permission, true)).toBe('今日已用 2 次 · 剩余 8 / 10 次');
    expect(permissionUseText(permission, false)).toBe('当日已用 2 次');
    expect(permissionUseText({ ...permission, kind: 'count', per_val: 10, use_val: 3 }, true)).toBe('已用 3 / 10');
  });

  it('lists each quota with the entries behind its use, in Shanghai time, a child account’s marked', async () => {
    const calls = answerRequests({ [PermissionPath.usageLog]: (call) => log(String(call.query?.day ?? '2026-11-27')) });
    renderSection();
    const search = await screen.findByTestId('usage-log-KEYWORD_LIBRARY_SEARCH_COUNT_DAY');
    expect(within(search).getByText('关键词库搜索次数')).toBeTruthy();
    // 02:05:09 UTC is 10:05:09 in Shanghai.
    expect(within(search).getByText('10:05:09')).toBeTruthy();
    expect(within(search).getByText('子账号')).toBeTruthy();
    expect(within(search).getByText('露营装备')).toBeTruthy();
    const writing = screen.getByTestId('usage-log-AI_WRITING_COUNT_DAY');
    expect(within(writing).getByText('退回 1 次')).toBeTruthy();
    expect(within(writing).getByText('扣除 1 次（已退回）')).toBeTruthy();
    expect(callsTo(calls, PermissionPath.usageLog)[0]!.query).toEqual({ day: undefined });
  });
});

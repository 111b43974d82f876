import type { MonitorItem } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { itemMove, latestText, moverText, moveView, workName } from './monitor-display';

const item = (over: Partial<MonitorItem>): MonitorItem => ({
  id: 1,
  platform: 'DSO',
  keyword: '露营',
  aweme_id: '7001',
  work_title: '',
  created_at: '2026-11-24T00:00:00.000Z',
  latest: { day: '2026-11-24', status: 'ranked', rank: 3, ranked_count: null, checked_at: null },
  previous_rank: 8,
  has_previous: true,
  ...over,
});

describe('the latest check in words', () => {
  it('names ranks, keyword counts, misses, failures and waiting items', () => {
    expect(latestText(item({}))).toBe('第3名');
    expect(
      latestText(
        item({
          aweme_id: null,
          latest: { day: 'x', status: 'ranked', rank: null, ranked_count: 42, checked_at: null },
        }),
      ),
    ).toBe('上榜作品42个');
    expect(
      latestText(item({ latest: { day: 'x', status: 'unranked', rank: null, ranked_count: null, checked_at: null } })),
    ).toBe('未上榜');
    expect(
      latestText(item({ latest: { day: 'x', status: 'failed', rank: null, ranked_count: null, checked_at: null } })),
    ).toBe('检测失败');
    expect(latestText(item({ latest: null }))).toBe('待检测');
  });
});

describe('moves', () => {
  it('shows a work item move and none for keywords or failed checks', () => {
    expect(moveView(itemMove(item({})))).toEqual({ label: '↑5', tone: 'up' });
    expect(moveView(itemMove(item({ has_previous: false, previous_rank: null })))).toEqual({
      label: '新上榜',
      tone: 'up',
    });
    expect(itemMove(item({ aweme_id: null }))).toBeNull();
    expect(
      itemMove(item({ latest: { day: 'x', status: 'failed', rank: null, ranked_count: null, checked_at: null } })),
    ).toBeNull();
    expect(moveView(null)).toEqual({ label: '-', tone: 'flat' });
  });

  it('writes a mover as before and after', () => {
    expect(moverText({ previous_rank: null, rank: 8 })).toBe('未上榜 → 第8名');
    expect(moverText({ previous_rank: 2, rank: null })).toBe('第2名 → 未上榜');
    expect(workName({ work_title: '', aweme_id: '7001' })).toBe('作品 7001');
    expect(workName({ work_title: '', aweme_id: null })).toBe('整个关键词');
  });
});

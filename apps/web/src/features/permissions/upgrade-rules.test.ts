import { describe, expect, it } from 'vitest';
import { formatTierValue, payTierOf, tierValue } from '../orders';
import { sampleTree } from './testing/permission-tree';
import { noPermissionMessage } from './upgrade-messages';

describe('the no-permission messages', () => {
  it('tells top tier to come back tomorrow and others to upgrade when the daily count is used up', () => {
    expect(noPermissionMessage({ kind: 'dailyExhausted' }, 'EVIP')).toBe('今日次数已用尽，明天再来试试吧~');
    expect(noPermissionMessage({ kind: 'dailyExhausted', views: true }, 'GVIP')).toBe('今日查看次数已用尽,请明日再试');
    expect(noPermissionMessage({ kind: 'dailyExhausted' }, 'SVIP')).toBe('今日次数已用尽，请升级会员版本增加查看次数~');
  });

  it('names the tier and the row cap', () => {
    expect(noPermissionMessage({ kind: 'rowCap', rows: 30 }, 'FREE')).toBe(
      '您的免费版会员只能看30条数据，升级会员查看更多',
    );
  });

  it('has the plain, monitoring, tool and authorised-account texts', () => {
    expect(noPermissionMessage({ kind: 'insufficient' }, 'VIP')).toBe('权限不足，升级会员版本可查看更多数据~');
    expect(noPermissionMessage({ kind: 'monitorExhausted' }, 'VIP')).toBe('监控额度已用完，请升级会员版本增加额度~');
    expect(noPermissionMessage({ kind: 'monitorExhausted' }, 'EVIP')).toBe('监控额度已用完，请联系客服充值额度~');
    expect(noPermissionMessage({ kind: 'toolExhausted' }, 'FREE')).toContain('请升级会员版本');
    expect(noPermissionMessage({ kind: 'authAccountsInsufficient' }, 'SVIP')).toBe(
      '授权账号额度不足，请升级会员版本增加额度~',
    );
  });
});

describe('the tier values of the permission tree', () => {
  it('reads a tier value, taking the nearest lower tier when the tier has no bind of its own', () => {
    expect(tierValue(sampleTree, 'KEYWORD_LIBRARY_ROWS', 'VIP')).toBe('300');
    expect(tierValue(sampleTree, 'VIDEO_LIBRARY_DETAIL_USER_PORTRAIT', 'EVIP')).toBe('1');
    expect(tierValue(sampleTree, 'VIDEO_LIBRARY_DETAIL_USER_PORTRAIT', 'VIP')).toBeNull();
    expect(tierValue(sampleTree, 'UNKNOWN', 'EVIP')).toBeNull();
  });

  it('formats counts with their unit, flags as a tick and missing as a dash', () => {
    expect(formatTierValue('3000', '条')).toBe('3,000条');
    expect(formatTierValue('1', 'flag')).toBe('✓');
    expect(formatTierValue(null, '次')).toBe('—');
  });

  it('maps every grade to a pay tab', () => {
    expect([payTierOf('FREE'), payTierOf('CVIP'), payTierOf('GVIP'), payTierOf('SVIP')]).toEqual([
      'VIP',
      'SVIP',
      'EVIP',
      'SVIP',
    ]);
  });
});

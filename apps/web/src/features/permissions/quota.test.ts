import type { UserInfo } from '@dso/contract';
import { frequencyTypeOf } from '@dso/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { useDialogs } from '../../stores/dialogs';
import { useSession } from '../../stores/session';
import { handleQuotaFailure, openQuotaExhausted } from './quota';

function signIn(grade: string) {
  const userInfo = { id: 1, grade, grade_info_vo: { grade_enum: grade, end_day: 30, end_time: 0 } } as UserInfo;
  useSession.setState({ token: 'tok', userInfo });
}
const dialogs = () => useDialogs.getState();

describe('quota exhaustion', () => {
  beforeEach(() => {
    useDialogs.setState({ open: useDialogs.getInitialState().open, payload: {} });
  });
  afterEach(() => {
    useSession.setState({ token: null, userInfo: null });
  });

  const used = '今日次数已用尽，请升级会员版本增加查看次数~';
  const lacking = '权限不足，升级会员版本可查看更多数据~';
  const topUsed = '今日次数已用尽，明天再来试试吧~';
  it.each([
    [
      'opens the pay dialog with the tier the server names for a used-up quota',
      {
        grade: 'VIP',
        message: used,
        detail: { alias: 'KEYWORD_LIBRARY_DETAIL_COUNT_DAY', reason: 'exhausted', action: 'pay', grade: 'SVIP' },
        dialog: 'pay',
        payload: { grade: 'SVIP', message: used },
      },
    ],
    [
      'opens the no-permission dialog with the server message for a missing permission',
      {
        grade: 'FREE',
        message: lacking,
        detail: { alias: 'VIDEO_LIBRARY_DETAIL_USER_PORTRAIT', reason: 'lacking', action: 'pay', grade: 'SVIP' },
        dialog: 'noPermission',
        payload: { message: lacking, grade: 'SVIP' },
      },
    ],
    [
      'opens the buy-times dialog (type 9) at the top tier',
      {
        grade: 'EVIP',
        message: topUsed,
        detail: { alias: 'AI_WRITING_BATCH_EXTRACTION', reason: 'exhausted', action: 'buyTimes', type: 9 },
        dialog: 'buyTimes',
        payload: { type: 9, message: topUsed },
      },
    ],
    [
      'offers the packs of the quota that ran out at the top tier',
      {
        grade: 'EVIP',
        message: topUsed,
        detail: { alias: 'KEYWORD_LIBRARY_SEARCH_COUNT_DAY', reason: 'exhausted', action: 'buyTimes', type: 9 },
        dialog: 'buyTimes',
        payload: { type: 1, message: topUsed },
      },
    ],
  ] as const)('%s', (_does, { grade, message, detail, dialog, payload }) => {
    signIn(grade);
    expect(handleQuotaFailure(new ApiError(810, message, detail))).toBe(true);
    expect(dialogs().open[dialog]).toBe(true);
    expect(dialogs().payload[dialog]).toEqual(payload);
  });

  it('leaves other errors to the caller', () => {
    expect(handleQuotaFailure(new ApiError(300, '操作失败'))).toBe(false);
    expect(handleQuotaFailure(new Error('boom'))).toBe(false);
    expect(dialogs().open.pay || dialogs().open.noPermission || dialogs().open.buyTimes).toBe(false);
  });

  it.each([
    ['FREE', 'pay', { grade: 'VIP' }],
    ['VIP', 'pay', { grade: 'SVIP' }],
    ['CVIP', 'pay', { grade: 'EVIP' }],
    ['SVIP', 'pay', { grade: 'EVIP' }],
    ['EVIP', 'buyTimes', { type: 9, message: '本日次数已用尽' }],
    ['GVIP', 'buyTimes', { type: 9, message: '本日次数已用尽' }],
  ] as const)('sends %s to the %s dialog when the client finds a quota used up', (grade, dialog, payload) => {
    signIn(grade);
    openQuotaExhausted();
    expect(dialogs().open[dialog]).toBe(true);
    expect(dialogs().payload[dialog]).toEqual(payload);
  });

  it('sells the packs of the quota named when a top grade runs out', () => {
    signIn('EVIP');
    openQuotaExhausted('监控额度已用完', 'KEYWORD_MONITOR_COUNT');
    expect(dialogs().payload.buyTimes).toEqual({
      type: frequencyTypeOf('KEYWORD_MONITOR_COUNT'),
      message: '监控额度已用完',
    });
    expect(frequencyTypeOf('KEYWORD_MONITOR_COUNT')).not.toBe(9);
  });
});

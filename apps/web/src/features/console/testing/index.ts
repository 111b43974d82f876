import type { ConsoleMe, ConsoleMember } from '@dso/contract';
import { fireEvent, within } from '@testing-library/react';
import { expect } from 'vitest';
import { callsTo, type RequestCall } from '../../../components/testing/answer-requests';
import { ApiError } from '../../../lib/api/errors';

/** Types `reason` into a reason dialog's 操作原因 and presses its `button` (the action's confirm). */
export function submitReason(dialog: HTMLElement, reason: string, button: string | RegExp) {
  fireEvent.change(within(dialog).getByLabelText('操作原因'), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
}

/**
 * Presses a reason dialog's `button` with 操作原因 left empty: the dialog asks for the reason and nothing
 * reaches the action's `path`.
 */
export async function expectReasonRequired(
  dialog: HTMLElement,
  button: string | RegExp,
  calls: readonly RequestCall[],
  path: string,
) {
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  await within(dialog).findByText('请填写操作原因');
  expect(callsTo(calls, path)).toEqual([]);
}

export const refuse = (code: number, message: string) => () => {
  throw new ApiError(code, message);
};

export const staffMe = (role: ConsoleMe['role'], abilities: ConsoleMe['abilities']): ConsoleMe => ({
  id: 3,
  name: `${role}小李`,
  phone: '13900001111',
  role,
  abilities,
});

/** A member as the users page reads it, with one of each row unless told otherwise. */
export function consoleMember(overrides: Partial<ConsoleMember> = {}): ConsoleMember {
  return {
    id: 42,
    phone: '13812345678',
    nickname: '小红',
    register_time: 1_767_225_600,
    own_grade: 'SVIP',
    own_grade_end_time: 1_798_761_600,
    grade: 'SVIP',
    grade_end_time: 1_798_761_600,
    parent_phone: null,
    orders: [
      {
        order_id: 'D202601010000001234567890',
        kind: 'membership',
        title: '企业版 12个月',
        grade: 'SVIP',
        price: 289_900,
        pay_money: 289_900,
        status: 'paid',
        pay_mode: 'AliPay',
        create_time: 1_767_225_600,
        pay_time: 1_767_225_700,
        start_date: '2026-01-01',
        end_date: '2027-01-01',
        period_cut: null,
        invoice_id: null,
        invoice_status: null,
      },
    ],
    orders_total: 1,
    usage: [
      {
        id: 9,
        alias: 'AI_WRITING_COUNT_DAY',
        name: 'AI创作次数',
        amount: 1,
        reason: '探店文案',
        state: 'settled',
        by_user_id: null,
        time: 1_767_300_000,
      },
    ],
    sessions: [
      {
        id: 71,
        ip: '1.2.3.4',
        user_agent: 'Chrome',
        create_time: 1_767_225_600,
        last_seen_time: 1_767_300_000,
        expire_time: 1_769_900_000,
        end_time: null,
        end_reason: null,
      },
    ],
    links: [
      {
        id: 5,
        role: 'parent',
        parent_user_id: 42,
        parent_phone: '13812345678',
        child_user_id: 43,
        child_phone: '13987654321',
        status: 'active',
        create_time: 1_767_225_600,
        end_time: null,
      },
    ],
    platform_accounts: [
      {
        id: 1,
        platform: 'douyin',
        nickname: '探店日记',
        avatar: '',
        open_id: 'open…1234',
        status: 'active',
        authorized_at: 1_767_225_600,
        access_expires_at: 1_767_300_000,
        refresh_expires_at: 1_770_000_000,
      },
    ],
    ...overrides,
  };
}

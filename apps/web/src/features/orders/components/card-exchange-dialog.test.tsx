import { type CardInspect, OrderPath } from '@dso/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { modalButton, openedDialogs, renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { request } from '../../../lib/api/client';
import { useDialogs } from '../../../stores/dialogs';
import * as account from '../../account';
import { expectReloadAfter, spyOnReload } from '../../account/testing';
import { CardExchangeDialog } from './card-exchange-dialog';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn() }));
const requestMock = request as unknown as Mock<
  (path: string, options?: { query?: Record<string, unknown> }) => unknown
>;

const inspection = (type: CardInspect['type']): CardInspect => ({ type, grade: 'SVIP', vip_name: '企业版', day: 365 });

/** Answers the card calls; returns the codes each path was called with. */
function answerCards(type: CardInspect['type']) {
  const calls: Array<{ path: string; code: unknown }> = [];
  requestMock.mockImplementation(async (path, options) => {
    calls.push({ path, code: options?.query?.code });
    if (path === OrderPath.cardInspect) return inspection(type);
    if (path === OrderPath.cardExchange) return { grade: 'SVIP', end_time: 1_924_876_800 };
    throw new Error(`unexpected ${path}`);
  });
  return calls;
}

const codeInput = () => screen.getByLabelText('卡密') as HTMLInputElement;

function openDialog(viewer: 'visitor' | 'VIP' = 'VIP') {
  renderWidget(<CardExchangeDialog />, { viewer });
  act(() => useDialogs.getState().openDialog('cardExchange'));
}

describe('CardExchangeDialog', () => {
  const toast = spyOnToast();
  const reloadPage = spyOnReload(account);
  beforeEach(() => {
    requestMock.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the code in groups of four and enables 立即兑换 only at exactly ten characters', async () => {
    openDialog();
    await screen.findByText('兑换后不可撤销，请谨慎操作！');
    fireEvent.change(codeInput(), { target: { value: 'abcd1234e' } });
    expect(codeInput().value).toBe('ABCD 1234 E');
    expect(modalButton(/^立即兑换$/).disabled).toBe(true);
    fireEvent.change(codeInput(), { target: { value: 'ABCD 1234 EF' } });
    expect(codeInput().value).toBe('ABCD 1234 EF');
    expect(modalButton(/^立即兑换$/).disabled).toBe(false);
    fireEvent.change(codeInput(), { target: { value: 'ABCD1234EFGH' } });
    expect(codeInput().value).toBe('ABCD 1234 EF');
    expect(codeInput().maxLength).toBe(12);
  });

  it('asks 注意 before redeeming a card that offsets the running membership', async () => {
    const calls = answerCards('OFFSET');
    openDialog();
    fireEvent.change(await screen.findByLabelText('卡密'), { target: { value: 'abcd1234ef' } });
    fireEvent.click(modalButton(/^立即兑换$/));
    expect(await screen.findByText('本版本兑换后原会员版本将抵消，确认需要兑换吗？')).toBeTruthy();
    expect(screen.getByText('注意')).toBeTruthy();
    expect(calls).toEqual([{ path: OrderPath.cardInspect, code: 'ABCD1234EF' }]);
    fireEvent.click(modalButton(/^确定$/));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('兑换成功', 'success', 1000));
    expect(calls.at(-1)).toEqual({ path: OrderPath.cardExchange, code: 'ABCD1234EF' });
  });

  it('does not redeem an offsetting card when 注意 is cancelled', async () => {
    const calls = answerCards('OFFSET');
    openDialog();
    fireEvent.change(await screen.findByLabelText('卡密'), { target: { value: 'abcd1234ef' } });
    fireEvent.click(modalButton(/^立即兑换$/));
    await screen.findByText('本版本兑换后原会员版本将抵消，确认需要兑换吗？');
    fireEvent.click(modalButton(/^取消$/));
    await waitFor(() => expect(modalButton(/^立即兑换$/)).toBeTruthy());
    expect(calls.map((call) => call.path)).toEqual([OrderPath.cardInspect]);
    expect(toast).not.toHaveBeenCalled();
  });

  it('redeems any other card at once, says 兑换成功 and reloads the page a second later', async () => {
    const calls = answerCards('EXTEND');
    openDialog();
    fireEvent.change(await screen.findByLabelText('卡密'), { target: { value: 'abcd1234ef' } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(modalButton(/^立即兑换$/));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls.map((call) => call.path)).toEqual([OrderPath.cardInspect, OrderPath.cardExchange]);
    expect(screen.queryByText('本版本兑换后原会员版本将抵消，确认需要兑换吗？')).toBeNull();
    expect(toast).toHaveBeenCalledWith('兑换成功', 'success', 1000);
    expect(openedDialogs().open.cardExchange).toBe(false);
    await expectReloadAfter(reloadPage, 1000);
  });

  it('sends a visitor to the login dialog instead', async () => {
    openDialog('visitor');
    await waitFor(() => expect(openedDialogs().open.login).toBe(true));
    expect(openedDialogs().open.cardExchange).toBe(false);
    expect(screen.queryByLabelText('卡密')).toBeNull();
  });
});

import { type SubAccountItem, SubAccountPath } from '@dso/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderAtRoute } from '../../../components/testing/render-route';
import '../../../components/testing/render-widget';
import { request } from '../../../lib/api/client';
import { useDialogs } from '../../../stores/dialogs';
import ChildAccountsSection, { childActionsOf } from './child-accounts-section';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn(), requestFile: vi.fn() }));
const requestMock = request as unknown as Mock<(path: string, options?: { body?: unknown }) => unknown>;

const link = (id: number, phone: string, status: SubAccountItem['status']): SubAccountItem => ({
  id,
  phone,
  nickname: '',
  status,
  invite_time: 1_763_600_000,
  bind_time: null,
  un_bind_time: 1_924_876_800,
});

let links: SubAccountItem[];
let seats: number;

const renderSection = () =>
  renderAtRoute(<ChildAccountsSection type="child" setType={() => {}} />, { keepSession: true });

describe('ChildAccountsSection', () => {
  beforeEach(() => {
    seats = 3;
    links = [link(1, '13800000001', 'pending'), link(2, '13800000002', 'active')];
    requestMock.mockReset();
    requestMock.mockImplementation(async (path, options) => {
      const body = options?.body as { id?: number; phone?: string } | undefined;
      if (path === SubAccountPath.list) return links;
      if (path === SubAccountPath.quota) return { per_val: seats, use_val: links.length };
      if (path === SubAccountPath.add) {
        const added = link(9, body?.phone ?? '', 'pending');
        links = [added, ...links];
        return added;
      }
      if (path === SubAccountPath.cancel) {
        links = links.map((entry) => (entry.id === body?.id ? { ...entry, status: 'cancelled' } : entry));
        return null;
      }
      throw new Error(`unexpected ${path}`);
    });
  });
  afterEach(() => {
    cleanup();
    useDialogs.setState({ open: { ...useDialogs.getState().open, pay: false }, payload: {} });
  });

  it('offers each status its actions', () => {
    expect(childActionsOf('pending')).toEqual(['reInvite', 'cancel']);
    expect(childActionsOf('active')).toEqual(['unbind']);
    expect(childActionsOf('unbound')).toEqual(['reInvite']);
  });

  it('lists the children with their status and seats, and invites a phone', async () => {
    renderSection();
    expect(await screen.findByText('13800000001')).toBeTruthy();
    expect(screen.getByText('待接受')).toBeTruthy();
    expect(screen.getByText('已绑定')).toBeTruthy();
    expect(screen.getByTestId('child-quota').textContent).toContain('2 / 3');
    fireEvent.click(screen.getByRole('button', { name: '邀请子账号' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByPlaceholderText('请输入手机号');
    fireEvent.change(input, { target: { value: '123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '发送邀请' }));
    expect(await within(dialog).findByText('请输入正确手机号')).toBeTruthy();
    fireEvent.change(input, { target: { value: '139-0000-0009' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '发送邀请' }));
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(SubAccountPath.add, { method: 'POST', body: { phone: '13900000009' } }),
    );
    expect(await screen.findByText('13900000009')).toBeTruthy();
  }, 20_000);

  it('cancels a pending invite after confirming', async () => {
    renderSection();
    const row = (await screen.findByText('13800000001')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '撤销邀请' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(SubAccountPath.cancel, { method: 'POST', body: { id: 1 } }),
    );
    expect(await screen.findByText('已撤销')).toBeTruthy();
  }, 20_000);

  it('offers an upgrade instead of the invite to a grade without seats', async () => {
    seats = 0;
    links = [];
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: '升级企业版开通子账号' }));
    expect(useDialogs.getState().open.pay).toBe(true);
    expect(screen.getByText('暂无子账号')).toBeTruthy();
  });
});

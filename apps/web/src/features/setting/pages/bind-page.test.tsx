import { AccountPath, PublishingPath, type UserInfo } from '@dso/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderAtRoute } from '../../../components/testing/render-route';
import { request } from '../../../lib/api/client';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import BindPage from './bind-page';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn(), requestFile: vi.fn() }));
const requestMock = request as unknown as Mock<(path: string) => unknown>;

function renderPage() {
  return renderAtRoute(<BindPage />, { url: '/pages/home/bind', keepSession: true });
}

describe('BindPage (/pages/home/bind)', () => {
  beforeEach(() => {
    requestMock.mockReset();
    requestMock.mockImplementation(async (path) => {
      if (path === AccountPath.bindWx) return { bound: true };
      if (path === PublishingPath.accounts) {
        return {
          list: [
            { id: 1, nickname: '美食探店' },
            { id: 2, nickname: '露营好物号' },
          ],
          quota: { per_val: 3, use_val: 2 },
        };
      }
      throw new Error(`unexpected ${path}`);
    });
  });
  afterEach(() => {
    cleanup();
    useSession.setState({ token: null, userInfo: null });
    useDialogs.setState({ open: { ...useDialogs.getState().open, login: false }, payload: {} });
  });

  it('asks a visitor to log in', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: '立即登录' }));
    expect(useDialogs.getState().open.login).toBe(true);
    expect(requestMock).not.toHaveBeenCalled();
  });

  it('shows the phone, WeChat and the authorised Douyin accounts of a signed-in user', async () => {
    useSession.setState({ token: 't', userInfo: { id: 7, phone: '13812345678', phone_last: '5678' } as UserInfo });
    renderPage();
    expect(screen.getByText('138****5678')).toBeTruthy();
    expect(await screen.findByText('已授权 2 个')).toBeTruthy();
    expect(screen.getByText('美食探店、露营好物号')).toBeTruthy();
    expect(screen.getAllByText('已绑定')).toHaveLength(2);
    expect(screen.getByRole('link', { name: '管理' }).getAttribute('href')).toBe('/oneSendAuthorization');
  });
});

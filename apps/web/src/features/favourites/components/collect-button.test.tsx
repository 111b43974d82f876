import { FavouritePath, type UserInfo } from '@dso/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderAtRoute } from '../../../components/testing/render-route';
import { request } from '../../../lib/api/client';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { CollectButton } from './collect-button';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn(), requestFile: vi.fn() }));
vi.mock('../../../lib/feedback', async (original) => ({
  ...(await original<typeof import('../../../lib/feedback')>()),
  toast: vi.fn(),
}));
const requestMock = request as unknown as Mock<(path: string, options?: { body?: unknown }) => unknown>;

const initialDialogs = useDialogs.getState();

function renderButton(ui: React.ReactElement) {
  return renderAtRoute(ui, { keepSession: true });
}

describe('CollectButton', () => {
  beforeEach(() => {
    requestMock.mockReset();
  });
  afterEach(() => {
    cleanup();
    useSession.setState({ token: null, userInfo: null });
    useDialogs.setState({ open: initialDialogs.open, payload: {} });
  });

  it('asks a visitor to log in and asks the server nothing', () => {
    renderButton(<CollectButton type="collectDouyin" subject="露营装备" />);
    fireEvent.click(screen.getByRole('button', { name: /收藏/ }));
    expect(useDialogs.getState().open.login).toBe(true);
    expect(requestMock).not.toHaveBeenCalled();
  });

  it('reads a keyword’s state from the server and collects it, then lets it go', async () => {
    useSession.setState({ token: 't', userInfo: { id: 1, grade: 'FREE' } as UserInfo });
    requestMock.mockImplementation(async (path) => {
      if (path === FavouritePath.state) return { collected: false };
      if (path === FavouritePath.add) return { collected: true };
      if (path === FavouritePath.remove) return { collected: false };
      throw new Error(`unexpected ${path}`);
    });
    renderButton(<CollectButton type="collectRso" subject="通勤穿搭" />);
    const button = await screen.findByRole('button', { name: /收藏/, pressed: false });
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: /已收藏/, pressed: true })).toBeTruthy();
    expect(requestMock).toHaveBeenCalledWith(FavouritePath.add, {
      method: 'POST',
      body: { type: 'collectRso', subject: '通勤穿搭' },
    });
    fireEvent.click(screen.getByRole('button', { name: /已收藏/ }));
    expect(await screen.findByRole('button', { name: /收藏/, pressed: false })).toBeTruthy();
  });

  it('starts from a detail’s own state without asking again', async () => {
    useSession.setState({ token: 't', userInfo: { id: 1, grade: 'FREE' } as UserInfo });
    renderButton(<CollectButton type="collectVideo" subject="7300000000000000101" collected />);
    expect(screen.getByRole('button', { name: /已收藏/, pressed: true })).toBeTruthy();
    expect(requestMock).not.toHaveBeenCalled();
  });
});

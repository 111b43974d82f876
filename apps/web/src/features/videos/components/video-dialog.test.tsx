import { VideoPath, videoMessages } from '@dso/contract';
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useDialogs } from '../../../stores/dialogs';
import { renderVideo, videoDetail } from '../testing';

const request = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));
vi.mock('../../../lib/charts/e-chart', async () => (await import('../testing')).chartStubModule);

const { loadVideoDialog, loadVideoDetailPage } = await import('../index');
const { VideoDialog } = await import('./video-dialog');
const { VideoDetailPage } = await import('../pages/video-detail-page');
const TIMEOUT = 30_000;

beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async (path: string, options: { query?: { awemeId?: string } } = {}) => {
    if (path === VideoPath.detail) return videoDetail({ video_id: options.query?.awemeId ?? '' });
    if (path === VideoPath.trend) return [];
    throw new Error(`unexpected call ${path}`);
  });
});

describe('video dialog and page', () => {
  it(
    'opens the panel for the id given to openDialog, and says the link is lost without one',
    async () => {
      renderVideo(<VideoDialog />);
      expect(screen.queryByTestId('video-detail-panel')).toBeNull();
      act(() => useDialogs.getState().openDialog('video', { id: '7300000000000000042' }));
      expect(await screen.findByTestId('video-detail-panel')).toBeTruthy();
      expect(request).toHaveBeenCalledWith(
        VideoPath.detail,
        expect.objectContaining({ query: { awemeId: '7300000000000000042' } }),
      );

      act(() => useDialogs.getState().closeDialog('video'));
      act(() => useDialogs.getState().openDialog('video', {}));
      expect(await screen.findByText(videoMessages.linkMissing)).toBeTruthy();
    },
    TIMEOUT,
  );

  it(
    'shows the panel on /videoDetail/{id}',
    async () => {
      renderVideo(<VideoDetailPage />, { path: '/videoDetail/:id', url: '/videoDetail/7300000000000000007' });
      expect(await screen.findByTestId('video-detail-panel')).toBeTruthy();
      expect(request).toHaveBeenCalledWith(
        VideoPath.detail,
        expect.objectContaining({ query: { awemeId: '7300000000000000007' } }),
      );
    },
    TIMEOUT,
  );

  it('exposes the page and the dialog as lazy modules with default exports', async () => {
    expect((await loadVideoDetailPage()).default).toBe(VideoDetailPage);
    expect((await loadVideoDialog()).default).toBe(VideoDialog);
  });
});

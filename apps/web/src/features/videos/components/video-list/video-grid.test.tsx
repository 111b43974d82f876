import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDialogs } from '../../../../stores/dialogs';
import { renderVideo, videoRow } from '../../testing';
import { VideoCard } from './video-card';
import { VideoGrid } from './video-grid';

const NOW = 1_763_000_000_000;

describe('VideoCard and VideoGrid', () => {
  it('shows the title, creator, counts in the app format, relative publish time and duration', () => {
    renderVideo(<VideoCard video={videoRow({ create_time: NOW / 1000 - 2 * 3600 })} now={NOW} />);
    expect(screen.getByRole('button', { name: '三分钟学会家常红烧肉' })).toBeTruthy();
    expect(screen.getByTestId('video-card-creator').textContent).toContain('厨房小王');
    expect(screen.getByTestId('video-card-good_count').textContent).toBe('点赞 5.7w');
    expect(screen.getByTestId('video-card-comment_count').textContent).toBe('评论 1234');
    expect(screen.getByTestId('video-card-share_count').textContent).toBe('分享 88');
    expect(screen.getByTestId('video-card-time').textContent).toBe('2小时前发布');
    expect(screen.getByTestId('video-card-duration').textContent).toBe('1:35');
  });

  it('draws a placeholder for a work without a cover, and the cover when there is one', () => {
    const { unmount } = renderVideo(<VideoCard video={videoRow({ origin_cover: '' })} />);
    expect(screen.getByTestId('video-cover-placeholder')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    unmount();
    renderVideo(<VideoCard video={videoRow({ origin_cover: '/covers/1.jpg' })} />);
    expect(screen.queryByTestId('video-cover-placeholder')).toBeNull();
    expect(screen.getByRole('img', { name: '三分钟学会家常红烧肉' }).getAttribute('src')).toBe('/covers/1.jpg');
  });

  it('says 图文 for an image-text post and a date for works older than three days', () => {
    renderVideo(<VideoCard video={videoRow({ duration: 0, create_time: NOW / 1000 - 10 * 86_400 })} now={NOW} />);
    expect(screen.getByTestId('video-card-duration').textContent).toBe('图文');
    expect(screen.getByTestId('video-card-time').textContent).toMatch(/^\d{1,2}月\d{1,2}日发布$/);
  });

  it('opens the video detail dialog with the aweme id from the cover or the title, for visitors too', () => {
    renderVideo(<VideoCard video={videoRow({ video_id: '7300000000000000555' })} />, { viewer: 'visitor' });
    fireEvent.click(screen.getByRole('button', { name: '查看视频详情：三分钟学会家常红烧肉' }));
    expect(useDialogs.getState().open.video).toBe(true);
    expect(useDialogs.getState().payload.video).toEqual({ id: '7300000000000000555' });
    expect(useDialogs.getState().open.login).toBe(false);
    useDialogs.getState().closeDialog('video');
    fireEvent.click(screen.getByRole('button', { name: '三分钟学会家常红烧肉' }));
    expect(useDialogs.getState().payload.video).toEqual({ id: '7300000000000000555' });
  });

  it('lists every work in order with badges, highlights and without the creator when asked', () => {
    const videos = [
      videoRow({ video_id: 'a1', video_desc: '红烧肉的做法' }),
      videoRow({ video_id: 'a2', video_desc: '糖醋排骨' }),
    ];
    renderVideo(<VideoGrid videos={videos} badge={(_, index) => index + 1} highlight="红烧肉" hideCreator />);
    const cards = within(screen.getByRole('list', { name: '视频列表' })).getAllByTestId('video-card');
    expect(cards.map((card) => card.getAttribute('data-video-id'))).toEqual(['a1', 'a2']);
    expect(within(cards[1] as HTMLElement).getByText('2')).toBeTruthy();
    expect(cards[0]?.querySelector('mark')?.textContent).toBe('红烧肉');
    expect(screen.queryByTestId('video-card-creator')).toBeNull();
  });

  it('renders nothing for an empty list', () => {
    const { container } = renderVideo(<VideoGrid videos={[]} />);
    expect(container.querySelector('[data-testid="video-grid"]')).toBeNull();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openedDialogs, renderWidget } from '../testing/render-widget';
import { PlayButton } from './play-button';

describe('PlayButton', () => {
  it('shows the poster under a play button', () => {
    renderWidget(<PlayButton poster="/cover.jpg" alt="探店视频" onPlay={vi.fn()} />);
    expect(screen.getByRole('img', { name: '探店视频' }).getAttribute('src')).toBe('/cover.jpg');
    expect(screen.getByRole('button', { name: '播放视频' })).toBeTruthy();
  });

  it('shows the login prompt for visitors instead of playing', () => {
    const onPlay = vi.fn();
    renderWidget(<PlayButton poster="/cover.jpg" onPlay={onPlay} />);
    fireEvent.click(screen.getByRole('button', { name: '播放视频' }));
    expect(openedDialogs().open.login).toBe(true);
    expect(onPlay).not.toHaveBeenCalled();
  });

  it('plays for logged-in users', () => {
    const onPlay = vi.fn();
    renderWidget(<PlayButton poster="/cover.jpg" onPlay={onPlay} />, { viewer: 'FREE' });
    fireEvent.click(screen.getByRole('button', { name: '播放视频' }));
    expect(onPlay).toHaveBeenCalledTimes(1);
    expect(openedDialogs().open.login).toBe(false);
  });

  it('shows an overlay such as the duration over the poster', () => {
    renderWidget(
      <PlayButton poster="/cover.jpg" onPlay={vi.fn()}>
        01:32
      </PlayButton>,
    );
    expect(screen.getByText('01:32')).toBeTruthy();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render-widget';
import { LoadFailed } from './load-failed';

describe('LoadFailed', () => {
  it('says 加载失败 and offers 重新加载, which asks again', () => {
    const retry = vi.fn();
    renderWidget(<LoadFailed onRetry={retry} />);
    expect(screen.getByRole('status').textContent).toBe('加载失败');
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('shows what failed instead of the default text', () => {
    renderWidget(<LoadFailed message="榜单加载失败" onRetry={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('榜单加载失败');
  });

  it('has no button without a retry', () => {
    renderWidget(<LoadFailed message="地图加载失败，请刷新重试" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

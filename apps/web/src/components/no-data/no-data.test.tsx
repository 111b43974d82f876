import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render-widget';
import { NoData } from './no-data';

describe('NoData', () => {
  it('says 暂无数据 by default', () => {
    renderWidget(<NoData />);
    expect(screen.getByRole('status').textContent).toBe('暂无数据');
  });

  it('shows a custom text instead of the default', () => {
    renderWidget(<NoData text="暂无观众画像" />);
    expect(screen.getByText('暂无观众画像')).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
  });

  it('draws an illustration unless asked to hide it', () => {
    const { container, rerender } = renderWidget(<NoData />);
    expect(container.querySelector('svg.dso-no-data__art')).not.toBeNull();
    rerender(<NoData hideImage />);
    expect(container.querySelector('svg.dso-no-data__art')).toBeNull();
  });
});

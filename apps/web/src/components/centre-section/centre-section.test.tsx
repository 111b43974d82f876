import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render-widget';
import { CentreSection } from './centre-section';

describe('CentreSection', () => {
  it('is a region named by its title, with its own classes beside the shared one', () => {
    renderWidget(
      <CentreSection titleId="setting-orders-title" title="我的订单" className="fav-section">
        <p>内容</p>
      </CentreSection>,
    );
    const region = screen.getByRole('region', { name: '我的订单' });
    expect(region.className).toBe('setting-section fav-section');
    expect(screen.getByRole('heading', { level: 2, name: '我的订单' }).id).toBe('setting-orders-title');
    expect(region.textContent).toContain('内容');
  });
});

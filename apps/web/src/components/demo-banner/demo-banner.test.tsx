import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render-widget';
import { DemoBanner } from './demo-banner';

describe('DemoBanner', () => {
  it('says the data is a sample and invites an upgrade', () => {
    renderWidget(<DemoBanner />);
    expect(screen.getByText('当前为示例数据，想要查看更多数据可选择升级会员')).toBeTruthy();
  });

  it('links to /pay', () => {
    renderWidget(<DemoBanner />);
    const link = screen.getByRole('link', { name: /当前为示例数据/ });
    expect(link.getAttribute('href')).toBe('/pay');
    fireEvent.click(link);
    expect(screen.getByTestId('address').textContent).toBe('/pay');
  });
});

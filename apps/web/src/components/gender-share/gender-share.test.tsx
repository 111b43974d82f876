import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render-widget';
import { GenderShare } from './gender-share';

function row(container: HTMLElement, gender: 'female' | 'male') {
  const element = container.querySelector(`[data-gender="${gender}"]`) as HTMLElement;
  return {
    element,
    full: element.querySelectorAll('[data-icon="full"]').length,
    half: element.querySelectorAll('[data-icon="half"]').length,
  };
}

/** Renders the share of each [name, value] pair, in order. */
function renderShares(...shares: [name: string, value: number][]) {
  return renderWidget(<GenderShare items={shares.map(([name, value]) => ({ name, value }))} />);
}

describe('GenderShare', () => {
  it('shows 3 full icons and a half icon for 70%', () => {
    const { container } = renderShares(['女', 0.7]);
    const female = row(container, 'female');
    expect(female.full).toBe(3);
    expect(female.half).toBe(1);
    expect(female.element.textContent).toContain('70.00%');
  });

  it('shows the percent with 2 decimals for each gender', () => {
    renderShares(['female', 0.62345], ['male', 0.37655]);
    expect(screen.getByText('62.35%')).toBeTruthy();
    expect(screen.getByText('37.66%')).toBeTruthy();
  });

  it('shows no half icon when the share is a whole multiple of 20%', () => {
    const { container } = renderShares(['男', 0.4]);
    expect(row(container, 'male')).toMatchObject({ full: 2, half: 0 });
  });

  it('shows 5 full icons for 100% and only a half icon for a sliver', () => {
    const { container } = renderShares(['女', 1], ['男', 0.05]);
    expect(row(container, 'female')).toMatchObject({ full: 5, half: 0 });
    expect(row(container, 'male')).toMatchObject({ full: 0, half: 1 });
  });

  it('labels Chinese and English names alike as 女性 and 男性', () => {
    renderShares(['女', 0.5], ['male', 0.5]);
    expect(screen.getByText('女性')).toBeTruthy();
    expect(screen.getByText('男性')).toBeTruthy();
    expect(screen.getByRole('img', { name: '女性占比50.00%' })).toBeTruthy();
  });

  it('says 暂无数据 without items', () => {
    renderShares();
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});

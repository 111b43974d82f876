import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render-widget';
import { CompetitionStars } from './competition-stars';

function litStars(container: HTMLElement) {
  return container.querySelectorAll('[data-star="on"]').length;
}

describe('CompetitionStars', () => {
  it('labels 1 and 2 stars as 小, the smallest competition', () => {
    const { container } = renderWidget(<CompetitionStars value={2} />);
    expect(screen.getByText('小')).toBeTruthy();
    expect(litStars(container)).toBe(2);
    expect(container.querySelectorAll('[data-star]')).toHaveLength(4);
  });

  it('labels 1 star as 小 too', () => {
    renderWidget(<CompetitionStars value={1} />);
    expect(screen.getByRole('img', { name: '竞争度小，1颗星' })).toBeTruthy();
  });

  it('labels 3 stars as 中', () => {
    const { container } = renderWidget(<CompetitionStars value={3} />);
    expect(screen.getByText('中')).toBeTruthy();
    expect(litStars(container)).toBe(3);
  });

  it('labels 4 stars as 大, the largest competition', () => {
    const { container } = renderWidget(<CompetitionStars value={4} />);
    expect(screen.getByText('大')).toBeTruthy();
    expect(litStars(container)).toBe(4);
  });

  it('shows -- for a value that is no star rating', () => {
    renderWidget(<CompetitionStars value={0} />);
    expect(screen.getByText('--')).toBeTruthy();
  });
});

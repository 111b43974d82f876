import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWidget } from '../components/testing/render-widget';
import { useSession } from '../stores/session';
import { forgetPromoDecisions, PROMO_DAILY_LIMIT, PromoPendant, takePromoShow } from './promo-pendant';

describe('the promo pendant', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetPromoDecisions();
  });
  afterEach(() => {
    forgetPromoDecisions();
  });

  it('shows at most three times per user per day, counting one show per page load', () => {
    const day = new Date('2025-06-01T09:00:00+08:00');
    const shows = [];
    for (let load = 0; load < 5; load++) {
      shows.push(takePromoShow('user-1', day));
      expect(takePromoShow('user-1', day)).toBe(shows[load]);
      forgetPromoDecisions();
    }
    expect(shows).toEqual([true, true, true, false, false]);
    expect(PROMO_DAILY_LIMIT).toBe(3);
  });

  it('counts each user apart and starts again on a new Shanghai day', () => {
    const day = new Date('2025-06-01T23:59:00+08:00');
    for (let load = 0; load < 3; load++) {
      takePromoShow('user-1', day);
      forgetPromoDecisions();
    }
    expect(takePromoShow('user-1', day)).toBe(false);
    expect(takePromoShow('user-2', day)).toBe(true);
    forgetPromoDecisions();
    expect(takePromoShow('user-1', new Date('2025-06-02T00:01:00+08:00'))).toBe(true);
  });

  it('shows a visitor the member benefits without a price, and nothing to top tier', () => {
    const { unmount } = renderWidget(<PromoPendant />);
    expect(screen.getByTestId('promo-pendant').textContent).toContain('升级会员');
    expect(screen.getByTestId('promo-pendant').textContent).not.toContain('¥');
    unmount();
    renderWidget(<PromoPendant />, { viewer: 'EVIP' });
    expect(screen.queryByTestId('promo-pendant')).toBeNull();
  });

  it('shows nothing to a child account, which cannot buy', () => {
    renderWidget(<PromoPendant />, { viewer: 'SVIP' });
    expect(screen.getByTestId('promo-pendant')).toBeTruthy();
    act(() => useSession.setState((state) => ({ userInfo: { ...state.userInfo!, sub_account: true } })));
    expect(screen.queryByTestId('promo-pendant')).toBeNull();
  });
});

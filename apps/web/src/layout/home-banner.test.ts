import { afterEach, describe, expect, it } from 'vitest';
import { LocalKey } from '../lib/storage';
import { isHomeBannerVisible, PROMO_END } from './home-banner';

const beforeEnd = PROMO_END.getTime() - 1000;

describe('the home banner', () => {
  afterEach(() => window.localStorage.clear());

  it('shows on the home page to visitors and free users until the campaign ends', () => {
    expect(isHomeBannerVisible({ pathname: '/', isPaidMember: false, now: beforeEnd })).toBe(true);
    expect(isHomeBannerVisible({ pathname: '/', isPaidMember: false, now: PROMO_END.getTime() + 1 })).toBe(false);
  });

  it('stays away from other pages and from paid members', () => {
    expect(isHomeBannerVisible({ pathname: '/about', isPaidMember: false, now: beforeEnd })).toBe(false);
    expect(isHomeBannerVisible({ pathname: '/', isPaidMember: true, now: beforeEnd })).toBe(false);
  });

  it('stays closed once closed', () => {
    window.localStorage.setItem(LocalKey.bannerClosed, '1');
    expect(isHomeBannerVisible({ pathname: '/', isPaidMember: false, now: beforeEnd })).toBe(false);
  });
});

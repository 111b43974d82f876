import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render-widget';
import { TierBadge } from './tier-badge';

describe('TierBadge', () => {
  it('marks a personal-edition feature with a VIP badge for a FREE user', () => {
    renderWidget(<TierBadge required="VIP" />, { viewer: 'FREE' });
    const badge = screen.getByText('VIP');
    expect(badge.className).toContain('dso-tier-badge--vip');
    expect(badge.getAttribute('title')).toBe('个人版及以上会员可用');
  });

  it('marks an enterprise feature with an SVIP badge for a VIP user', () => {
    renderWidget(<TierBadge required="SVIP" />, { viewer: 'VIP' });
    expect(screen.getByText('SVIP').className).toContain('dso-tier-badge--svip');
  });

  it('marks a flagship feature with an EVIP badge for an SVIP user', () => {
    renderWidget(<TierBadge required="EVIP" />, { viewer: 'SVIP' });
    expect(screen.getByText('EVIP').className).toContain('dso-tier-badge--evip');
  });

  it('shows no badge when the user already has the tier', () => {
    const { container } = renderWidget(<TierBadge required="SVIP" />, { viewer: 'EVIP' });
    expect(container.querySelector('.dso-tier-badge')).toBeNull();
  });

  it('shows badges to visitors, who count as FREE', () => {
    renderWidget(<TierBadge required="VIP" />);
    expect(screen.getByText('VIP')).toBeTruthy();
  });

  it('checks an explicit grade instead of the session one', () => {
    const { container } = renderWidget(<TierBadge required="VIP" grade="SVIP" />, { viewer: 'FREE' });
    expect(container.querySelector('.dso-tier-badge')).toBeNull();
  });
});

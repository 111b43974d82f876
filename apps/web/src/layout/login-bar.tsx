import { CrownFilled, UnlockOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { APP_CONTAINER_ID } from '../app/after-navigation';
import { openPayDialog, PAY_PATH } from '../components';
import { useGradeConfig, yearlyVipMonthlyYuan } from '../features/orders';
import { useDialogs } from '../stores/dialogs';
import { useSession } from '../stores/session';
import '../features/permissions/upgrade.css';

/** On the home page the bar waits for this much scrolling, then this delay (001 §1). */
export const BAR_REVEAL_SCROLL_PX = 100;
export const BAR_REVEAL_DELAY_MS = 500;
/** Scroll handling is throttled to 16 ms (001 §1). */
export const BAR_SCROLL_THROTTLE_MS = 16;

/** The class the body carries while the bar shows, so the page's end is not hidden behind it. */
const BODY_CLASS = 'has-login-bar';

/**
 * Whether the bar may show: at once off the home page; on it only after the page has scrolled
 * 100 px, 500 ms later, and hidden again when scrolled back above that.
 */
export function useBarReveal(onHome: boolean): boolean {
  const [revealed, setRevealed] = useState(!onHome);
  useEffect(() => {
    if (!onHome) {
      setRevealed(true);
      return;
    }
    setRevealed(false);
    const container = document.getElementById(APP_CONTAINER_ID);
    let reveal: ReturnType<typeof setTimeout> | null = null;
    let trailing: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const check = () => {
      const scrolled = Math.max(window.scrollY, container?.scrollTop ?? 0);
      if (scrolled >= BAR_REVEAL_SCROLL_PX) {
        reveal ??= setTimeout(() => setRevealed(true), BAR_REVEAL_DELAY_MS);
        return;
      }
      if (reveal) clearTimeout(reveal);
      reveal = null;
      setRevealed(false);
    };
    // Throttled with a trailing call, so the position where scrolling stopped is always seen.
    const onScroll = () => {
      const now = Date.now();
      if (trailing) clearTimeout(trailing);
      if (now - last >= BAR_SCROLL_THROTTLE_MS) {
        last = now;
        check();
        return;
      }
      trailing = setTimeout(() => {
        last = Date.now();
        check();
      }, BAR_SCROLL_THROTTLE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    container?.addEventListener('scroll', onScroll, { passive: true });
    check();
    return () => {
      window.removeEventListener('scroll', onScroll);
      container?.removeEventListener('scroll', onScroll);
      if (reveal) clearTimeout(reveal);
      if (trailing) clearTimeout(trailing);
    };
  }, [onHome]);
  return revealed;
}

/**
 * The bottom login bar (001 §1, 002 §8): visitors are asked to log in; FREE users see the lowest
 * monthly price of the yearly VIP plan once the plans have loaded (the member benefits until then,
 * or when no yearly VIP plan is sold). Paid
 * members see nothing, and nobody sees it on /pay, where it would only repeat the page.
 */
export function LoginBar() {
  const token = useSession((state) => state.token);
  const grade = useSession((state) => state.userInfo?.grade);
  const openDialog = useDialogs((state) => state.openDialog);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const revealed = useBarReveal(pathname === '/');
  const audience = !token ? 'visitor' : grade === 'FREE' ? 'free' : null;
  const visible = revealed && audience !== null && pathname !== PAY_PATH;
  // Only a FREE user's bar quotes a price, so only they ask for the plans.
  const plans = useGradeConfig(visible && audience === 'free');

  useEffect(() => {
    document.body.classList.toggle(BODY_CLASS, visible);
    return () => document.body.classList.remove(BODY_CLASS);
  }, [visible]);

  if (!visible) return null;
  const monthly = audience === 'free' ? yearlyVipMonthlyYuan(plans.data) : null;

  return (
    <section className={`dso-login-bar dso-login-bar--${audience}`} aria-label="登录与会员提示" data-testid="login-bar">
      <div className="dso-login-bar__inner">
        <span className="dso-login-bar__icon" aria-hidden="true">
          {audience === 'visitor' ? <UnlockOutlined /> : <CrownFilled />}
        </span>
        {audience === 'visitor' ? (
          <>
            <div className="dso-login-bar__text">
              <strong>立即登录注册，查看更多数据</strong>
              <span>登录即可免费使用关键词库、热词榜单与 AI 创作工具</span>
            </div>
            <Button type="primary" shape="round" size="large" onClick={() => openDialog('login')}>
              立即登录
            </Button>
          </>
        ) : monthly !== null ? (
          <>
            <div className="dso-login-bar__text">
              <strong>
                开通个人版年卡，低至<em>¥{monthly}</em>/月
              </strong>
              <span>更多搜索次数、完整榜单与数据导出</span>
            </div>
            <Button className="dso-upgrade-cta" shape="round" size="large" onClick={() => openPayDialog('VIP')}>
              立即开通
            </Button>
          </>
        ) : (
          <>
            <div className="dso-login-bar__text">
              <strong>升级会员，解锁完整数据与更多次数</strong>
              <span>个人版、企业版、旗舰版多种权益可选</span>
            </div>
            <Button className="dso-upgrade-cta" shape="round" size="large" onClick={() => void navigate(PAY_PATH)}>
              立即升级
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

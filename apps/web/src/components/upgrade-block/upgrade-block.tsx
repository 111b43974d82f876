import { CrownFilled, LockFilled, LoginOutlined } from '@ant-design/icons';
import { type Grade, isTopTier, upgradeMessages } from '@dso/domain';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useSession } from '../../stores/session';
import '../components.css';
import { openLoginDialog, openPayDialog } from './upgrade-actions';
import { UpgradeLinkButton } from './upgrade-link-button';

export interface UpgradeBlockProps {
  /** 权限不足，升级会员版本可查看更多数据~ by default (001 §6, 002 §6). */
  message?: ReactNode;
  /** A smaller line under the message. */
  hint?: ReactNode;
  /** The tier the feature needs; the pay dialog preselects it when above the next tier (001 §4). */
  needed?: Grade | null;
  /** 立即升级 by default. */
  buttonText?: ReactNode;
  /**
   * `dialog` (default) opens the pay dialog over the page; `link` goes to /pay; `login` asks a visitor
   * to log in first (the button opens the login dialog, whoever presses it).
   */
  action?: 'dialog' | 'link' | 'login';
  /** `card` (default) is a raised card; `plain` sits on the surface it is placed on. */
  variant?: 'card' | 'plain';
  className?: string;
}

/**
 * The upgrade block (001 §6, 002 §2): a lock, the message and a buy button. The button is hidden
 * for top-tier users (EVIP, GVIP), who have nothing to upgrade to. Visitors are sent to the login
 * dialog first, as paying requires login (001 §5).
 */
export function UpgradeBlock({
  message = upgradeMessages.insufficientRights,
  hint,
  needed,
  buttonText = '立即升级',
  action = 'dialog',
  variant = 'card',
  className,
}: UpgradeBlockProps) {
  const token = useSession((state) => state.token);
  const grade = useSession((state) => state.userInfo?.grade);
  const showButton = !token || action === 'login' || !isTopTier(grade);

  const upgrade = () => {
    if (!token || action === 'login') openLoginDialog();
    else openPayDialog(needed);
  };

  const classes = ['dso-upgrade-block', variant === 'plain' && 'dso-upgrade-block--plain', className]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      <span className="dso-upgrade-block__icon" aria-hidden="true">
        <LockFilled />
      </span>
      <div className="dso-upgrade-block__message">{message}</div>
      {hint && <div className="dso-upgrade-block__hint">{hint}</div>}
      {showButton &&
        (action === 'link' && token ? (
          <UpgradeLinkButton>{buttonText}</UpgradeLinkButton>
        ) : (
          <Button
            className="dso-upgrade-button"
            shape="round"
            icon={action === 'login' ? <LoginOutlined aria-hidden /> : <CrownFilled aria-hidden />}
            onClick={upgrade}
          >
            {buttonText}
          </Button>
        ))}
    </div>
  );
}

import { MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@dso/contract';
import { gradeNames } from '@dso/domain';
import { Avatar, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { MembershipOfferButton } from '../../../components/upgrade-block/membership-offer-button';
import { readCookie, writeCookie } from '../../../lib/storage';
import { useDialogs } from '../../../stores/dialogs';
import type { SettingSection } from '../setting-sections';

/** The cookie keeping the personal centre's sidebar open (`1`) or closed (`0`) (001 §9, 002 §2). */
export const SIDEBAR_COOKIE = 'sidebarStatus';
/** The sidebar's open width (001 §9, 002 §2). */
export const SIDEBAR_WIDTH_PX = 240;

const YEAR_MS = 365 * 86_400_000;

/** Whether the sidebar starts open: open unless the cookie says `0`. */
export function readSidebarOpen(): boolean {
  return readCookie(SIDEBAR_COOKIE) !== '0';
}

/** The sidebar's open state, kept in the cookie so the next visit opens it the same way. */
export function useSidebarOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(readSidebarOpen);
  const change = (next: boolean) => {
    writeCookie(SIDEBAR_COOKIE, next ? '1' : '0', new Date(Date.now() + YEAR_MS));
    setOpen(next);
  };
  return [open, change];
}

/** The membership line: the grade's name and, for a paid grade, the days left (`grade_info_vo.end_day`). */
function membershipLine(info: UserInfo): { name: string; days: string | null } {
  const name = info.vip_name || gradeNames[info.grade];
  if (info.grade === 'FREE') return { name, days: null };
  const left = Math.max(0, info.grade_info_vo.end_day);
  return { name, days: left === 0 ? '今天到期' : `剩余 ${left} 天` };
}

/**
 * The account at the top of the sidebar: avatar, the phone's last digits, the grade and days left,
 * 兑换会员卡 (the card dialog) and the membership's buy button (升级/续费, or 购买次数 at the top tier).
 * Child accounts hold their parent's rights and cannot buy (001 §5), so they get a note instead.
 */
export function SettingAccountSummary({ userInfo, compact }: { userInfo: UserInfo | null; compact: boolean }) {
  const openDialog = useDialogs((state) => state.openDialog);
  const avatar = (
    <Avatar
      size={compact ? 36 : 56}
      src={userInfo?.avatar || userInfo?.head_img || undefined}
      icon={<UserOutlined />}
    />
  );
  if (compact || !userInfo) return <div className="setting-account setting-account--compact">{avatar}</div>;
  const line = membershipLine(userInfo);
  return (
    <div className="setting-account" data-testid="setting-account">
      {avatar}
      <div className="setting-account__phone">{userInfo.phone_last ? `尾号 ${userInfo.phone_last}` : '—'}</div>
      <div className={`setting-account__plan${userInfo.grade === 'FREE' ? '' : ' is-paid'}`}>
        <span className="setting-account__grade">{line.name}</span>
        {line.days && <span className="setting-account__days">{line.days}</span>}
      </div>
      {userInfo.sub_account && <div className="setting-account__note">子账号 · 共享主账号权益</div>}
      <div className="setting-account__actions">
        <Button size="small" onClick={() => openDialog('cardExchange')}>
          兑换会员卡
        </Button>
        <MembershipOfferButton userInfo={userInfo} size="small" />
      </div>
    </div>
  );
}

export interface SettingSidebarProps {
  userInfo: UserInfo | null;
  /** The sections the viewer sees, in order. */
  sections: SettingSection[];
  /** The type of the section shown. */
  active: string;
  onSelect(type: string): void;
}

/**
 * The personal centre's sidebar (000 §2.4, 001 §9): 240 px with the account summary and the sections;
 * folded, it keeps only the avatar and the section icons. The state survives visits in a cookie.
 */
export function SettingSidebar({ userInfo, sections, active, onSelect }: SettingSidebarProps) {
  const [open, setOpen] = useSidebarOpen();
  return (
    <aside
      className={`setting-sidebar${open ? '' : ' is-folded'}`}
      style={open ? { width: SIDEBAR_WIDTH_PX } : undefined}
      data-testid="setting-sidebar"
      data-open={open ? '1' : '0'}
    >
      <SettingAccountSummary userInfo={userInfo} compact={!open} />
      <nav className="setting-nav" aria-label="个人中心">
        {sections.map((section) => {
          const button = (
            <button
              key={section.type}
              type="button"
              className={`setting-nav__item${section.type === active ? ' is-active' : ''}`}
              aria-current={section.type === active ? 'page' : undefined}
              aria-label={open ? undefined : section.label}
              onClick={() => onSelect(section.type)}
            >
              {section.icon}
              {open && <span>{section.label}</span>}
            </button>
          );
          return open ? (
            button
          ) : (
            <Tooltip key={section.type} title={section.label} placement="right">
              {button}
            </Tooltip>
          );
        })}
      </nav>
      <button
        type="button"
        className="setting-sidebar__toggle"
        aria-label={open ? '收起侧边栏' : '展开侧边栏'}
        onClick={() => setOpen(!open)}
      >
        {open ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        {open && <span>收起</span>}
      </button>
    </aside>
  );
}

import {
  CreditCardOutlined,
  CustomerServiceOutlined,
  LockOutlined,
  LogoutOutlined,
  MobileOutlined,
  MonitorOutlined,
  ProfileOutlined,
  StarOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { UserInfo } from '@dso/contract';
import { Avatar, Popover } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { PAY_PATH } from '../../components';
import { MembershipOfferButton } from '../../components/upgrade-block/membership-offer-button';
import { logout, openChangePhoneDialog } from '../../features/account';
import { useDialogs } from '../../stores/dialogs';
import { membershipStatus, planName } from './membership';

const panelLinks: { label: string; to: string; icon: ReactNode }[] = [
  { label: '关键词监控', to: '/setting?type=detectiontDouyin', icon: <MonitorOutlined /> },
  { label: '我的收藏', to: '/setting?type=collectDouyin', icon: <StarOutlined /> },
  { label: '个人中心', to: '/setting', icon: <UserOutlined /> },
  { label: '我的订单', to: '/setting?type=first', icon: <ProfileOutlined /> },
];

function UserPanel({ userInfo, onDone }: { userInfo: UserInfo | null; onDone(): void }) {
  const navigate = useNavigate();
  const openDialog = useDialogs((state) => state.openDialog);
  const [leaving, setLeaving] = useState(false);
  const go = (to: string) => {
    onDone();
    void navigate(to);
  };
  const dialogEntries: { label: string; icon: ReactNode; open(): void }[] = [
    { label: '修改手机号', icon: <MobileOutlined />, open: openChangePhoneDialog },
    // The reset-password dialog locks the phone to the account's own while logged in (001 §4).
    { label: '修改密码', icon: <LockOutlined />, open: () => openDialog('resetPassword') },
    { label: '兑换会员卡', icon: <CreditCardOutlined />, open: () => openDialog('cardExchange') },
    { label: '联系客服', icon: <CustomerServiceOutlined />, open: () => openDialog('contact') },
  ];
  return (
    <div className="user-panel" data-testid="user-panel">
      <div className="user-panel-head">
        <Avatar size={44} src={userInfo?.avatar || userInfo?.head_img || undefined} icon={<UserOutlined />} />
        <div className="user-panel-who">
          <div className="user-panel-name">{userInfo ? `尾号 ${userInfo.phone_last}` : '加载中…'}</div>
          {userInfo?.sub_account && <div className="user-panel-sub">子账号 · 共享主账号权益</div>}
        </div>
      </div>
      {userInfo && (
        <div className={`user-panel-plan${userInfo.grade === 'FREE' ? '' : ' is-paid'}`}>
          <div>
            <div className="user-panel-plan-name">{planName(userInfo)}</div>
            <div className="user-panel-plan-status">{membershipStatus(userInfo)}</div>
          </div>
          <MembershipOfferButton
            userInfo={userInfo}
            size="small"
            onChoose={onDone}
            onUpgrade={() => void navigate(PAY_PATH)}
          />
        </div>
      )}
      <nav className="user-panel-links">
        {panelLinks.map((link) => (
          <button key={link.to} type="button" onClick={() => go(link.to)}>
            {link.icon}
            {link.label}
          </button>
        ))}
        {dialogEntries.map((entry) => (
          <button
            key={entry.label}
            type="button"
            onClick={() => {
              onDone();
              entry.open();
            }}
          >
            {entry.icon}
            {entry.label}
          </button>
        ))}
      </nav>
      <button
        type="button"
        className="user-panel-logout"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void logout();
        }}
      >
        <LogoutOutlined />
        {leaving ? '正在退出…' : '退出登录'}
      </button>
    </div>
  );
}

/**
 * The avatar with the logged-in hover panel (000 §2.5). Besides the spec's entries it links change
 * phone and change password (001 §4, §7), so a logged-in user reaches them without the personal centre.
 */
export function UserMenu({ userInfo }: { userInfo: UserInfo | null }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      arrow={false}
      classNames={{ root: 'user-popover' }}
      content={<UserPanel userInfo={userInfo} onDone={() => setOpen(false)} />}
    >
      <button type="button" className="header-avatar" aria-label="账号菜单" data-testid="header-avatar">
        <Avatar size={34} src={userInfo?.avatar || userInfo?.head_img || undefined} icon={<UserOutlined />} />
      </button>
    </Popover>
  );
}

import {
  CustomerServiceOutlined,
  EyeOutlined,
  HistoryOutlined,
  ProfileOutlined,
  StarOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { planName } from '../../../layout/header/membership';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';

const shortcuts: { label: string; to: string; icon: ReactNode }[] = [
  { label: '关键词监控', to: '/setting?type=detectiontDouyin', icon: <EyeOutlined /> },
  { label: '我的收藏', to: '/setting?type=collectDouyin', icon: <StarOutlined /> },
  { label: '创作历史', to: '/CueWordHistory', icon: <HistoryOutlined /> },
  { label: '我的订单', to: '/setting?type=first', icon: <ProfileOutlined /> },
];

/** The personal row under the hero: shortcuts for a logged-in user, a login invitation for a visitor. */
export function WorkbenchStrip() {
  const token = useSession((state) => state.token);
  const userInfo = useSession((state) => state.userInfo);
  const openDialog = useDialogs((state) => state.openDialog);

  if (!token) {
    return (
      <div className="workbench-strip" data-testid="workbench-strip">
        <div className="workbench-who">
          <Avatar size={40} icon={<UserOutlined />} />
          <div>
            <strong>登录后开启您的工作台</strong>
            <span>保存搜索历史、收藏关键词、监控作品排名</span>
          </div>
        </div>
        <Button type="primary" onClick={() => openDialog('login')}>
          登录/注册
        </Button>
      </div>
    );
  }
  return (
    <div className="workbench-strip" data-testid="workbench-strip">
      <div className="workbench-who">
        <Avatar size={40} src={userInfo?.avatar || userInfo?.head_img || undefined} icon={<UserOutlined />} />
        <div>
          <strong>{userInfo ? `欢迎回来，尾号 ${userInfo.phone_last}` : '欢迎回来'}</strong>
          <span>{userInfo ? `当前版本：${planName(userInfo)}` : '我的工作台'}</span>
        </div>
      </div>
      <nav className="workbench-shortcuts" aria-label="我的工作台">
        {shortcuts.map((item) => (
          <Link key={item.to} to={item.to}>
            {item.icon}
            {item.label}
          </Link>
        ))}
        <button type="button" onClick={() => openDialog('contact')}>
          <CustomerServiceOutlined />
          联系客服
        </button>
      </nav>
    </div>
  );
}

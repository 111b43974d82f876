import { MobileOutlined, VideoCameraOutlined, WechatOutlined } from '@ant-design/icons';
import { maskPhone } from '@dso/domain';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { LoginResult } from '../../../components';
import { useSession } from '../../../stores/session';
import { authorizedAccountsQuery } from '../../publishing';
import { wechatBindingQuery } from '../api/wechat-binding';
import { SettingRow } from '../components/setting-row';
import '../setting.css';

/**
 * /pages/home/bind, 账号绑定 (open route; the spec leaves its content open, docs/setting.md): everything
 * bound to the DSO account in one place — the phone, WeChat for QR login, and the Douyin accounts
 * authorised for publishing — each with the way to change it. A visitor is asked to log in first.
 */
export default function BindPage() {
  const token = useSession((state) => state.token);
  const userInfo = useSession((state) => state.userInfo);
  const signedIn = Boolean(token && userInfo);
  const wechat = useQuery({ ...wechatBindingQuery(), enabled: signedIn });
  const douyin = useQuery({ ...authorizedAccountsQuery(), enabled: signedIn });
  return (
    <div className="page-narrow setting-bind" data-testid="bind-page">
      <h1 className="setting-section__title">账号绑定</h1>
      {!signedIn || !userInfo ? (
        <LoginResult title="登录后查看账号绑定情况" subTitle="在这里管理绑定的手机号、微信和授权的抖音账号。" />
      ) : (
        <div className="surface-box setting-card">
          <SettingRow
            icon={<MobileOutlined />}
            label="手机号"
            value={
              <>
                <Tag color="success">已绑定</Tag>
                {userInfo.phone ? maskPhone(userInfo.phone) : `尾号 ${userInfo.phone_last}`}
              </>
            }
            action={<Link to="/setting">修改</Link>}
          />
          <SettingRow
            icon={<WechatOutlined />}
            label="微信"
            value={
              wechat.data?.bound ? (
                <Tag color="success">已绑定</Tag>
              ) : (
                <>
                  <Tag>未绑定</Tag>
                  <span className="setting-muted">用微信扫码登录并验证本手机号即可绑定</span>
                </>
              )
            }
            action={<Link to="/setting">查看</Link>}
          />
          <SettingRow
            icon={<VideoCameraOutlined />}
            label="抖音"
            value={
              douyin.data && douyin.data.list.length > 0 ? (
                <>
                  <Tag color="success">已授权 {douyin.data.list.length} 个</Tag>
                  <span className="setting-muted">
                    {douyin.data.list.map((account) => account.nickname).join('、')}
                  </span>
                </>
              ) : (
                <Tag>未授权</Tag>
              )
            }
            action={<Link to="/oneSendAuthorization">管理</Link>}
          />
        </div>
      )}
    </div>
  );
}

import { BarChartOutlined, FireOutlined, RobotOutlined, SearchOutlined } from '@ant-design/icons';
import { Modal, Tabs } from 'antd';
import { useState } from 'react';
import { useDialogs } from '../../../stores/dialogs';
import { rememberCurrentPath } from '../session-actions';
import { AgreementLine } from './agreement-line';
import { PasswordLoginForm } from './password-login-form';
import { PhoneCodeForm } from './phone-code-form';
import { WechatQrLogin } from './wechat-qr-login';

/** SMS-code login is offered only on a local host (001 §2): loopback names and addresses. */
export function isLocalHost(hostname = window.location.hostname): boolean {
  return ['localhost', '127.0.0.1', '::1', '[::1]'].includes(hostname);
}

type LoginTab = 'wechat' | 'password' | 'code';

const benefits = [
  { icon: <SearchOutlined />, text: '六大平台搜索词与下拉词' },
  { icon: <FireOutlined />, text: '蓝海词、行业热词与话题飙升榜' },
  { icon: <BarChartOutlined />, text: '搜索指数、月覆盖量与竞争度' },
  { icon: <RobotOutlined />, text: 'AI 文案、AI 选词与直播复盘' },
];

/**
 * The login dialog (001 §2, §4): WeChat QR login first, password login, and code login on a local
 * host; links to reset the password and to register by QR; the agreement line. Dismissing it keeps
 * the current page as the place to return to.
 */
export function LoginDialog() {
  const open = useDialogs((state) => state.open.login);
  const closeDialog = useDialogs((state) => state.closeDialog);
  const openDialog = useDialogs((state) => state.openDialog);
  const [tab, setTab] = useState<LoginTab>('wechat');

  const dismiss = () => {
    rememberCurrentPath();
    closeDialog('login');
  };

  const items = [
    { key: 'wechat', label: '微信扫码登录', children: tab === 'wechat' ? <WechatQrLogin /> : null },
    {
      key: 'password',
      label: '密码登录',
      children: (
        <PasswordLoginForm
          onForgot={() => {
            closeDialog('login');
            openDialog('resetPassword');
          }}
          onRegister={() => setTab('wechat')}
        />
      ),
    },
    ...(isLocalHost() ? [{ key: 'code', label: '验证码登录', children: <PhoneCodeForm name="login-code" /> }] : []),
  ];

  return (
    <Modal
      open={open}
      width={760}
      centered
      footer={null}
      destroyOnHidden
      onCancel={dismiss}
      afterOpenChange={(visible) => !visible && setTab('wechat')}
      className="dso-login-dialog"
      data-testid="login-dialog"
    >
      <div className="dso-login">
        <aside className="dso-login__aside">
          <div className="dso-login__brand">DSO</div>
          <h2 className="dso-login__headline">登录后查看完整数据</h2>
          <p className="dso-login__sub">短视频关键词搜索与内容营销平台</p>
          <ul className="dso-login__benefits">
            {benefits.map((benefit) => (
              <li key={benefit.text}>
                <span className="dso-login__benefit-icon">{benefit.icon}</span>
                {benefit.text}
              </li>
            ))}
          </ul>
        </aside>
        <section className="dso-login__main">
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as LoginTab)}
            items={items}
            centered
            className="dso-login__tabs"
          />
          <AgreementLine />
        </section>
      </div>
    </Modal>
  );
}

import { Link, useLocation } from 'react-router';
import { LoginResult } from '../../../components';
import { useSession } from '../../../stores/session';
import type { AuthorizeReturnPath } from '../api/publishing';
import { AuthorizedAccounts } from '../components/authorized-accounts';
import '../publishing.css';

/**
 * /oneSendAuthorization (login) and /douYinSendAuthorization (open: a visitor is asked to log in first):
 * the authorised Douyin accounts of one-key publishing, with a way on to 一键发布.
 */
export default function AuthorizationPage() {
  const token = useSession((state) => state.token);
  const { pathname } = useLocation();
  const returnTo: AuthorizeReturnPath =
    pathname === '/douYinSendAuthorization' ? '/douYinSendAuthorization' : '/oneSendAuthorization';
  return (
    <div className="page-column publishing-page" data-testid="authorization-page">
      <h1 className="publishing-page__title">抖音账号授权</h1>
      <p className="publishing-hint">
        通过抖音开放平台授权账号，DSO 只获取账号的公开信息和发布作品的权限；可随时取消授权。
      </p>
      {token ? (
        <>
          <AuthorizedAccounts returnTo={returnTo} />
          <div className="quota-toolbar">
            <span />
            <Link to="/oneSend">去一键发布 →</Link>
          </div>
        </>
      ) : (
        <LoginResult title="登录后即可授权抖音账号" />
      )}
    </div>
  );
}

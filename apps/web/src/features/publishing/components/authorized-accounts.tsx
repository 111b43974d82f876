import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import type { AuthorizedAccount } from '@dso/contract';
import { formatTime } from '@dso/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Empty, Popconfirm, Spin, Tag } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CentreSection } from '../../../components/centre-section/centre-section';
import { toast } from '../../../lib/feedback';
import { withSearchParams } from '../../../lib/search-params';
import '../publishing.css';
import {
  type AuthorizeReturnPath,
  accountsQuery,
  publishingKeys,
  refreshAccount,
  revokeAccount,
  startAuthorization,
} from '../api/publishing';

/**
 * Tells how an authorisation went when the platform sent the browser back (`auth=ok` or
 * `auth_error=…` on the page it started from), once, and takes the note out of the address.
 */
function useAuthorizationOutcome() {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const ok = params.get('auth');
  const error = params.get('auth_error');
  useEffect(() => {
    if (ok === null && error === null) return;
    if (ok === 'ok') toast('授权成功', 'success');
    else if (error) toast(error);
    void client.invalidateQueries({ queryKey: publishingKeys.accounts });
    setParams((current) => withSearchParams(current, { auth: null, auth_error: null }), { replace: true });
  }, [ok, error, setParams, client]);
}

/** Starts an authorisation: the browser leaves for the platform's (or the sandbox's) authorise page. */
export function useStartAuthorization(returnTo: AuthorizeReturnPath) {
  return useMutation({
    mutationFn: () => startAuthorization(returnTo),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

function AccountCard({ account }: { account: AuthorizedAccount }) {
  const client = useQueryClient();
  const settle = () => client.invalidateQueries({ queryKey: publishingKeys.all });
  const refresh = useMutation({
    mutationFn: () => refreshAccount(account.id),
    onSuccess: () => toast('授权已刷新', 'success'),
    onSettled: settle,
  });
  const revoke = useMutation({
    mutationFn: () => revokeAccount(account.id),
    onSuccess: () => toast('已取消授权', 'success'),
    onSettled: settle,
  });
  const active = account.status === 'active';
  return (
    <li className="surface-box publishing-account" data-testid="authorized-account">
      <Avatar size={48} src={account.avatar || undefined} icon={<UserOutlined />} />
      <div className="publishing-account__text">
        <div className="publishing-account__name">
          {account.nickname}
          <Tag color={active ? 'success' : 'warning'}>{active ? '已授权' : '授权已过期'}</Tag>
        </div>
        <div className="note-line">
          抖音 · {account.open_id} · 授权于 {formatTime(account.authorized_at, 'YYYY-MM-DD')}
        </div>
        <div className="note-line">
          {active ? `授权有效期至 ${formatTime(account.refresh_expires_at, 'YYYY-MM-DD')}` : '请重新授权后再发布作品'}
        </div>
      </div>
      <div className="publishing-account__actions">
        {active && (
          <Button size="small" loading={refresh.isPending} onClick={() => refresh.mutate()}>
            刷新授权
          </Button>
        )}
        <Popconfirm
          title="取消授权后将无法向该账号发布作品，确定取消吗？"
          onConfirm={() => revoke.mutate()}
          okButtonProps={{ loading: revoke.isPending }}
        >
          <Button size="small" danger>
            取消授权
          </Button>
        </Popconfirm>
      </div>
    </li>
  );
}

/**
 * 账号授权: the authorised Douyin accounts with their state, AUTH_TIKTOK_COUNT, 授权抖音账号
 * (off to the platform's authorise page and back to `returnTo`), 刷新授权 and 取消授权.
 */
export function AuthorizedAccounts({ returnTo }: { returnTo: AuthorizeReturnPath }) {
  useAuthorizationOutcome();
  const accounts = useQuery(accountsQuery());
  const start = useStartAuthorization(returnTo);
  const quota = accounts.data?.quota;
  const list = accounts.data?.list ?? [];
  const hasExpired = list.some((account) => account.status === 'expired');
  const full = quota ? quota.use_val >= quota.per_val && !hasExpired : false;
  return (
    <div className="publishing-accounts">
      <div className="quota-toolbar">
        <span className="quota-toolbar__quota" data-testid="authorize-quota">
          {quota && (
            <>
              已授权账号 <strong>{quota.use_val}</strong> / {quota.per_val}
            </>
          )}
        </span>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          loading={start.isPending}
          disabled={!quota}
          onClick={() => start.mutate()}
        >
          授权抖音账号
        </Button>
      </div>
      {full && <p className="publishing-hint">授权账号已达上限，升级会员可授权更多账号，或取消不再使用的账号。</p>}
      {accounts.isPending ? (
        <div className="publishing-loading">
          <Spin />
        </div>
      ) : list.length === 0 ? (
        <Empty description="还没有授权的抖音账号，授权后即可一键发布作品" />
      ) : (
        <ul className="publishing-account-list">
          {list.map((account) => (
            <AccountCard key={account.id} account={account} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** 账号授权 inside the personal centre (`/setting?type=second`). */
export default function AuthorizedAccountsSection() {
  return (
    <CentreSection titleId="setting-authorization-title" title="账号授权">
      <p className="publishing-hint">
        授权抖音账号后，可在<Link to="/oneSend">「一键发布」</Link>中把视频和图文作品直接发布到这些账号。
      </p>
      <AuthorizedAccounts returnTo="/setting?type=second" />
    </CentreSection>
  );
}

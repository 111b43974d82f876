import { CrownFilled } from '@ant-design/icons';
import { normalizeGrade, type PayGrade, upgradeTarget } from '@dso/domain';
import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { withSearchParams } from '../../../lib/search-params';
import { useSession } from '../../../stores/session';
import { loadRoles, loadUserInfo } from '../../account';
import { PayBox } from '../components/pay-box';
import { TierComparison } from '../components/tier-comparison';
import { isPayGrade } from '../plan-rules';
import { payTierOf } from '../tier-values';
import '../orders.css';

/** The tab /pay opens on: `?grade=` when it names a sold tier, else one step up the ladder. */
function initialTierOf(param: string | null, userGrade: string | undefined): PayGrade {
  const wanted = param ? payTierOf(normalizeGrade(param.toUpperCase())) : null;
  if (param && wanted && isPayGrade(wanted)) return wanted;
  const target = payTierOf(upgradeTarget(normalizeGrade(userGrade)));
  return isPayGrade(target) ? target : 'VIP';
}

/**
 * The user info /pay waits for: the app start skips loading roles and user info on /pay (000 §4), so
 * the page loads them itself. Visitors need nothing; a failed load shows the box as for a FREE user.
 */
function useAccountReady(): boolean {
  const token = useSession((state) => state.token);
  const hasInfo = useSession((state) => state.userInfo !== null);
  const hasRoles = useSession((state) => state.roles.length > 0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!hasRoles) void loadRoles().catch(() => undefined);
  }, [hasRoles]);
  useEffect(() => {
    if (token && !hasInfo) void loadUserInfo().catch(() => setFailed(true));
  }, [token, hasInfo]);
  return !token || hasInfo || failed;
}

/**
 * /pay (001 §2, 000 §6): open to anyone; the pay box inline on the tier of `?grade=`, where paying
 * requires login, then what each tier gets. Switching tabs keeps `?grade=` current, so a visitor who
 * logs in comes back to the same tab. The footer is hidden here by the layout.
 */
export default function PayPage() {
  const [params, setParams] = useSearchParams();
  const grade = useSession((state) => state.userInfo?.grade);
  const ready = useAccountReady();
  const hasRoles = useSession((state) => state.roles.length > 0);
  const [tier, setTier] = useState<PayGrade | null>(null);
  const shownTier = tier ?? initialTierOf(params.get('grade'), grade);

  return (
    <div className="orders-pay-page page-narrow">
      <header className="orders-pay-page__hero">
        <CrownFilled className="orders-pay-page__crown" aria-hidden />
        <div>
          <h1>开通会员</h1>
          <p>选择适合您的会员版本，解锁更多数据与功能</p>
        </div>
      </header>
      <section className="orders-pay-page__box" aria-label="选择套餐">
        {ready ? (
          <PayBox
            initialTier={shownTier}
            mode="page"
            tag={params.get('tag') ?? undefined}
            onTierChange={(next) => {
              setTier(next);
              setParams((current) => withSearchParams(current, { grade: next }), { replace: true });
            }}
          />
        ) : (
          <div className="orders-pay-box__loading">
            <Spin />
          </div>
        )}
      </section>
      {hasRoles && (
        <section className="orders-pay-page__compare" aria-label="版本权益对比">
          <h2>版本权益对比</h2>
          <TierComparison highlight={shownTier} />
        </section>
      )}
    </div>
  );
}

import { CrownFilled } from '@ant-design/icons';
import { orderMessages, type PayMode, type PayPlan, type PreviewOrderBody } from '@dso/contract';
import { gradeNames, type PayGrade, purchaseBlockMessage, type TierGrade, yuanText } from '@dso/domain';
import { Alert, Button, Empty, Segmented, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { passLoginGate } from '../../../layout/login-gate';
import { randomId } from '../../../lib/storage';
import { useSession } from '../../../stores/session';
import { useCouponList } from '../api/get-coupon-list';
import { useGradeConfig } from '../api/get-grade-config';
import { usePreviewOrder } from '../api/preview-order';
import { firstSelectable, isBelowDeduction, isPayGrade, tierWithPlans } from '../plan-rules';
import { comparisonRows, formatTierValue, payTiers, tierValue } from '../tier-values';
import { OrderRoll } from './order-roll';
import { OrderSummary } from './order-summary';
import { type PayBoxMode, PayPanel } from './pay-panel';
import { type PlanLayout, PlanOption } from './plan-option';
import '../orders.css';

export type { PayBoxMode } from './pay-panel';

/** The tabs, highest first as 001 §2 lists them: 旗舰版, 企业版, 个人版. */
const tabs = payTiers.filter(isPayGrade);

export interface PayBoxProps {
  /** The tab opened first: the tier the upgrade ladder offers. */
  initialTier: PayGrade;
  mode: PayBoxMode;
  /** Why the box opened (a refusal's message). */
  message?: string;
  /** Sales attribution passed on to the order (001 §9 pay tags). */
  tag?: string;
  onTierChange?(tier: PayGrade): void;
  /** The order was paid; the page reloads next. */
  onPaid?(): void;
  /** The QR ran out in the dialog. */
  onExpired?(): void;
}

/**
 * The pay box (001 §2), on /pay and in the pay dialog: the 旗舰版 / 企业版 / 个人版 tabs with the
 * offered tier first, the tier's plans (or the next higher tier's when it has none), the order
 * preview of the chosen plan and its QR payment, and the order roll. Child accounts hold their
 * parent's rights and cannot buy; a tier below the member's own says so instead of selling.
 */
export function PayBox({ initialTier, mode, message, tag, onTierChange, onPaid, onExpired }: PayBoxProps) {
  const [tier, setTier] = useState<PayGrade>(initialTier);
  const userInfo = useSession((state) => state.userInfo);
  return (
    <div className={`orders-pay-box orders-pay-box--${mode}`} data-testid="pay-box">
      {message && <Alert type="warning" showIcon title={message} className="orders-pay-box__reason" />}
      <OrderRoll />
      <Tabs
        activeKey={tier}
        onChange={(key) => {
          if (!isPayGrade(key)) return;
          setTier(key);
          onTierChange?.(key);
        }}
        items={tabs.map((grade) => ({
          key: grade,
          label: (
            <span className={`dso-pay-tab dso-pay-tab--${grade.toLowerCase()}`}>
              <CrownFilled /> {gradeNames[grade]}
            </span>
          ),
        }))}
      />
      {userInfo?.sub_account ? (
        <Alert
          type="info"
          showIcon
          title="子账号不可购买或续费"
          description={`您正在共享主账号${userInfo.sub_account_parent_phone ? `（${userInfo.sub_account_parent_phone}）` : ''}的会员权益，如需单独购买，请先解除子账号绑定。`}
        />
      ) : (
        <>
          {mode === 'dialog' && <TierBenefits tier={tier} />}
          <TierPlans key={tier} tier={tier} mode={mode} tag={tag} onPaid={onPaid} onExpired={onExpired} />
        </>
      )}
    </div>
  );
}

/** What the tier gets, from the permission tree: the dialog has no comparison table below it. */
function TierBenefits({ tier }: { tier: PayGrade }) {
  const roles = useSession((state) => state.roles);
  const benefits = comparisonRows
    .map((row) => ({
      label: row.label,
      value: formatTierValue(tierValue(roles, row.alias, tier as TierGrade), row.unit),
    }))
    .filter((benefit) => benefit.value !== '—');
  if (benefits.length === 0) return null;
  return (
    <ul className="orders-benefits" aria-label={`${gradeNames[tier]}权益`}>
      {benefits.map((benefit) => (
        <li key={benefit.label}>
          <span>{benefit.label}</span>
          <strong>{benefit.value}</strong>
        </li>
      ))}
    </ul>
  );
}

/** The user's choice; a new `randTag` for every new choice and every refreshed QR. */
interface Selection {
  planId: number;
  teamId?: number;
  /** undefined lets the server pick the best coupon; 0 uses none. */
  couponId?: number;
  randTag: string;
}

function selectionOf(plan: PayPlan): Selection {
  const team = plan.dso_grade_config_list_bean_list[0];
  return { planId: plan.id, ...(team ? { teamId: team.id } : {}), randTag: randomId() };
}

interface TierPlansProps {
  tier: PayGrade;
  mode: PayBoxMode;
  tag?: string;
  onPaid?(): void;
  onExpired?(): void;
}

function TierPlans({ tier, mode, tag, onPaid, onExpired }: TierPlansProps) {
  const token = useSession((state) => state.token);
  const grade = useSession((state) => state.userInfo?.grade);
  const layout: PlanLayout = useSession((state) => state.userInfo?.show_old) ? 'row' : 'card';
  const location = useLocation();
  const config = useGradeConfig();
  const coupons = useCouponList(Boolean(token));
  const [selection, setSelection] = useState<Selection | null>(null);
  const [payMode, setPayMode] = useState<PayMode>('AliPay');
  const blocked = purchaseBlockMessage(grade, tier);
  const shown = tierWithPlans(config.data, tier);
  const plans = (shown && config.data?.[shown]) || [];
  const plan = plans.find((candidate) => candidate.id === selection?.planId) ?? null;

  // A signed-in buyer finds the first plan chosen, so its price and QR are there at once.
  const firstPlan = firstSelectable(plans);
  const canBuy = Boolean(token) && !blocked;
  useEffect(() => {
    if (canBuy && !selection && firstPlan) setSelection(selectionOf(firstPlan));
  }, [canBuy, selection, firstPlan]);

  const body: PreviewOrderBody | null =
    canBuy && shown && plan && selection
      ? {
          grade_enum: shown,
          day: plan.day,
          rand_tag: selection.randTag,
          cycle: plan.has_cycle,
          ...(selection.teamId !== undefined ? { grade_list_id: selection.teamId } : {}),
          ...(selection.couponId !== undefined ? { coupon_id: selection.couponId } : {}),
          ...(tag ? { tag } : {}),
        }
      : null;
  const preview = usePreviewOrder(body);

  const choose = (next: PayPlan) => {
    // Paying requires login (001 §5): a visitor logs in and comes back to this tab.
    if (!passLoginGate(`${location.pathname}${location.search}`)) return;
    if (isBelowDeduction(next) || next.id === selection?.planId) return;
    setSelection(selectionOf(next));
  };
  const change = (patch: Partial<Omit<Selection, 'randTag'>>) =>
    setSelection((current) => (current ? { ...current, ...patch, randTag: randomId() } : current));

  if (blocked) return <Alert type="warning" showIcon title={blocked} className="orders-pay-box__blocked" />;
  if (config.isPending) {
    return (
      <div className="orders-pay-box__loading">
        <Spin />
      </div>
    );
  }
  if (config.isError) {
    return (
      <div className="orders-pay-box__failed">
        <span>{orderMessages.packsFailed}</span>
        <Button size="small" onClick={() => void config.refetch()}>
          重试
        </Button>
      </div>
    );
  }
  if (!shown) return <Empty description={`${gradeNames[tier]}暂无可购买套餐`} />;

  const teams = plan?.dso_grade_config_list_bean_list ?? [];
  return (
    <div className="orders-tier">
      {shown !== tier && (
        <p className="orders-pay-box__note" data-testid="fallback-note">
          {gradeNames[tier]}暂无可购买套餐，已为您展示{gradeNames[shown]}套餐
        </p>
      )}
      <fieldset className={`orders-plans orders-plans--${layout}`} aria-label={`${gradeNames[shown]}套餐`}>
        {plans.map((candidate) => (
          <PlanOption
            key={candidate.id}
            plan={candidate}
            layout={layout}
            selected={candidate.id === plan?.id}
            onSelect={choose}
          />
        ))}
      </fieldset>
      {teams.length > 0 && selection && (
        <div className="orders-teams">
          <span className="orders-teams__label">团队人数</span>
          <Segmented<number>
            value={selection.teamId ?? teams[0]?.id}
            onChange={(teamId) => change({ teamId })}
            options={teams.map((team) => ({
              value: team.id,
              label: team.price > 0 ? `${team.count}人 +¥${yuanText(team.price)}` : `${team.count}人`,
            }))}
          />
        </div>
      )}
      {!token && (
        <p className="orders-pay-box__login">
          登录后即可选择套餐并扫码支付
          <Button type="link" onClick={() => passLoginGate(`${location.pathname}${location.search}`)}>
            立即登录
          </Button>
        </p>
      )}
      {body && (
        <div className="surface-box orders-checkout" data-testid="checkout">
          {preview.isPending ? (
            <div className="orders-pay-box__loading">
              <Spin />
            </div>
          ) : preview.isError ? (
            <div className="orders-pay-box__failed">
              <span>{orderMessages.orderFailed}</span>
              <Button size="small" onClick={() => void preview.refetch()}>
                重试
              </Button>
            </div>
          ) : (
            <>
              <OrderSummary
                order={preview.data}
                coupons={coupons.data ?? []}
                onCouponChange={(couponId) => change({ couponId })}
              />
              <PayPanel
                key={preview.data.order_id}
                order={preview.data}
                cycle={Boolean(plan?.has_cycle)}
                payMode={payMode}
                onPayModeChange={setPayMode}
                mode={mode}
                onRefresh={() => change({})}
                onPaid={onPaid}
                onExpired={onExpired}
              />
            </>
          )}
        </div>
      )}
    </div>
  );
}

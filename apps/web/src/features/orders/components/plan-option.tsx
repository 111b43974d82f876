import { GiftOutlined } from '@ant-design/icons';
import { orderMessages, type PayPlan } from '@dso/contract';
import { monthlyPriceYuan, planLengthLabel, yuanText } from '@dso/domain';
import { crossedPriceFen, isActivityRunning, isBelowDeduction } from '../plan-rules';

/** Cards in the pay box; rows in the older variant (`userInfo.show_old`). */
export type PlanLayout = 'card' | 'row';

interface PlanOptionProps {
  plan: PayPlan;
  selected: boolean;
  layout: PlanLayout;
  onSelect(plan: PayPlan): void;
}

/**
 * One plan (001 §2, §3, §9): its length (连续包月 / N个月), what the user pays in yuan with the struck
 * list price, the monthly price (a continuous plan shows its first-period label and 次月起 instead),
 * the discount badge and a running points activity. A plan not above the value left in the current
 * membership is disabled and says why.
 */
export function PlanOption({ plan, selected, layout, onSelect }: PlanOptionProps) {
  const disabled = isBelowDeduction(plan);
  const crossed = crossedPriceFen(plan);
  const activity = isActivityRunning(plan.all_point_activity_bean, Date.now()) ? plan.all_point_activity_bean : null;
  const classes = ['orders-plan', `orders-plan--${layout}`, selected && 'is-selected', disabled && 'is-disabled'];
  return (
    <button
      type="button"
      className={classes.filter(Boolean).join(' ')}
      aria-pressed={selected}
      disabled={disabled}
      title={disabled ? orderMessages.planBelowDeduction : undefined}
      data-testid="plan-option"
      onClick={() => onSelect(plan)}
    >
      {plan.discount && <span className="orders-plan__badge">{plan.discount}</span>}
      <span className="orders-plan__length">{planLengthLabel(plan.day, plan.has_cycle)}</span>
      <span className="orders-plan__pricing">
        <span className="orders-plan__price" data-testid="plan-price">
          {plan.first_label && <small className="orders-plan__first">{plan.first_label}</small>}
          <small>¥</small>
          {yuanText(plan.current_price)}
        </span>
        {crossed !== null && <s className="orders-plan__original">¥{yuanText(crossed)}</s>}
      </span>
      <span className="orders-plan__monthly">
        {plan.has_cycle && plan.cycle_price !== null
          ? `次月起 ¥${yuanText(plan.cycle_price)}/月`
          : `约 ¥${monthlyPriceYuan(plan.current_price, plan.day)}/月`}
      </span>
      {activity && (
        <span className="orders-plan__activity">
          <GiftOutlined aria-hidden /> {activity.desc}
        </span>
      )}
      {disabled && <span className="orders-plan__hint">当前会员剩余价值更高</span>}
    </button>
  );
}

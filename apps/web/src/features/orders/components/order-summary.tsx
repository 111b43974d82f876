import type { Coupon, OrderInfo } from '@dso/contract';
import { gradeNames, yuanText } from '@dso/domain';
import { Select } from 'antd';
import { couponLabel } from '../plan-rules';

/** The coupon choice's value for "use none" (the preview's `coupon_id: 0`). */
export const NO_COUPON = 0;

interface OrderSummaryProps {
  order: OrderInfo;
  /** The user's usable coupons; a choice shows when there is any. */
  coupons: readonly Coupon[];
  onCouponChange(couponId: number): void;
}

/**
 * The order preview (001 §2, §3): the price, 会员抵扣 when the current membership is converted, the
 * coupon (changeable, or none), 实付, 节省, 到期时间, for a continuous plan the later periods' price, and
 * when the plan replaces a grade renewed by 连续包月, that paying ends it.
 */
export function OrderSummary({ order, coupons, onCouponChange }: OrderSummaryProps) {
  const choices = [...coupons];
  if (order.coupon && !choices.some((coupon) => coupon.id === order.coupon?.id)) choices.unshift(order.coupon);
  return (
    <dl className="orders-summary" data-testid="order-summary">
      <div className="orders-summary__row">
        <dt>套餐价格</dt>
        <dd data-testid="summary-price">¥{yuanText(order.price)}</dd>
      </div>
      {order.dis_price > 0 && (
        <div className="orders-summary__row">
          <dt>会员抵扣</dt>
          <dd data-testid="summary-deduction">-¥{yuanText(order.dis_price)}</dd>
        </div>
      )}
      {choices.length > 0 && (
        <div className="orders-summary__row">
          <dt>优惠券</dt>
          <dd className="orders-summary__coupon">
            <Select
              size="small"
              aria-label="优惠券"
              value={order.coupon?.id ?? NO_COUPON}
              onChange={onCouponChange}
              popupMatchSelectWidth={false}
              options={[
                ...choices.map((coupon) => ({ value: coupon.id, label: couponLabel(coupon) })),
                { value: NO_COUPON, label: '不使用优惠券' },
              ]}
            />
            {order.coupon && <span data-testid="summary-coupon">-¥{yuanText(order.coupon.discount)}</span>}
          </dd>
        </div>
      )}
      <div className="orders-summary__row orders-summary__row--total">
        <dt>实付</dt>
        <dd data-testid="summary-pay">¥{yuanText(order.pay_money)}</dd>
      </div>
      {order.save_money > 0 && (
        <div className="orders-summary__row">
          <dt>节省</dt>
          <dd data-testid="summary-save">¥{yuanText(order.save_money)}</dd>
        </div>
      )}
      {order.end_date && (
        <div className="orders-summary__row">
          <dt>到期时间</dt>
          <dd data-testid="summary-end">{order.end_date}</dd>
        </div>
      )}
      {order.cycle_price !== null && (
        <div className="orders-summary__row">
          <dt>续费</dt>
          <dd>次月起 ¥{yuanText(order.cycle_price)}/月，可随时取消</dd>
        </div>
      )}
      {order.ends_cycle && (
        <div className="orders-summary__row orders-summary__row--note" data-testid="summary-ends-cycle">
          <dt>连续包月</dt>
          <dd>支付后将取消{gradeNames[order.ends_cycle]}连续包月，不再自动续费</dd>
        </div>
      )}
    </dl>
  );
}

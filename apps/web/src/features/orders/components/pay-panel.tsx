import { AlipayCircleFilled, ReloadOutlined, WechatFilled } from '@ant-design/icons';
import { alipayPageUrl, type OrderInfo, orderMessages, type PayMode } from '@dso/contract';
import { yuanText } from '@dso/domain';
import { Button, QRCode, Segmented, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { signedNow } from '../../../lib/api/clock';
import { toast } from '../../../lib/feedback';
import { usePayResult } from '../api/get-pay-result';
import { useWechatQr } from '../api/get-wechat-qr';
import { usePayFree } from '../api/pay-free';
import { finishPayment } from '../pay-success';
import { formatCountdown, secondsLeft } from '../plan-rules';
import '../orders.css';

/**
 * Where the pay box is: in the pay dialog an expired QR closes the dialog; on /pay (the spec's
 * "detail mode") it stays, greyed, with 刷新 (001 §4 step 6).
 */
export type PayBoxMode = 'dialog' | 'page';

/** What the QR shows: payable, paid (the page reloads next), cancelled at the cashier, or no longer payable. */
type QrState = 'waiting' | 'paid' | 'cancelled' | 'expired';

/** What paying needs of an order: a membership order (OrderInfo) or a count-pack order. */
export type PayableOrder = Pick<OrderInfo, 'order_id' | 'pay_money' | 'expire_time'>;

export interface PayPanelProps {
  order: PayableOrder;
  /** A count-pack order: its WeChat QR comes from wx_order_c (001 §7). */
  pack?: boolean;
  /** A continuous monthly plan: Alipay only (001 §4). */
  cycle: boolean;
  payMode: PayMode;
  onPayModeChange(mode: PayMode): void;
  mode: PayBoxMode;
  /** A fresh order for the same plan (a new rand_tag). */
  onRefresh(): void;
  /** Paid: the dialog closes before the page reloads. */
  onPaid?(): void;
  /** Expired in the dialog: it closes. */
  onExpired?(): void;
}

/**
 * Paying one order (001 §4 steps 2–6): 支付宝 (default) or 微信支付, the QR (Alipay's pay page built
 * here from the order id, WeChat's code_url from wx_order), the 900 s countdown from the order's
 * expire_time, the result polled every 2 s. A 0-fen order has no QR: 立即开通 completes it.
 */
export function PayPanel({
  order,
  pack = false,
  cycle,
  payMode,
  onPayModeChange,
  mode,
  onRefresh,
  onPaid,
  onExpired,
}: PayPanelProps) {
  const free = order.pay_money === 0;
  const shownMode: PayMode = cycle ? 'AliPay' : payMode;
  const [state, setState] = useState<QrState>('waiting');
  const [left, setLeft] = useState(() => secondsLeft(order.expire_time, signedNow()));
  const settled = useRef(false);
  // The latest callbacks, so the timers below are set up once per order.
  const latest = useRef({ mode, onPaid, onExpired });
  latest.current = { mode, onPaid, onExpired };

  const expire = useRef(() => {
    if (settled.current) return;
    settled.current = true;
    if (latest.current.mode === 'dialog') {
      toast(orderMessages.expired, 'warning', 2000);
      latest.current.onExpired?.();
    } else {
      setState('expired');
    }
  }).current;

  // The countdown, from the order's own expiry (server time).
  useEffect(() => {
    if (free || state !== 'waiting') return;
    const tick = () => {
      const next = secondsLeft(order.expire_time, signedNow());
      setLeft(next);
      if (next <= 0) expire();
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [free, state, order.expire_time, expire]);

  const result = usePayResult(order.order_id, !free && state === 'waiting');
  useEffect(() => {
    if (settled.current) return;
    if (result.data === true) {
      settled.current = true;
      setState('paid');
      void finishPayment(latest.current.onPaid);
    } else if (result.data === 'CANCEL') {
      settled.current = true;
      toast(orderMessages.payCancelled, 'warning', 2000);
      setState('cancelled');
    } else if (result.data === 'CLOSED') {
      expire();
    }
  }, [result.data, expire]);

  const wechat = useWechatQr(order.order_id, !free && shownMode === 'WxPay' && state === 'waiting', pack);
  const payFree = usePayFree();
  const qrText = shownMode === 'AliPay' ? alipayPageUrl(window.location.origin, order.order_id) : (wechat.data ?? null);

  return (
    <div className="orders-pay" data-testid="pay-panel">
      {free ? (
        <div className="orders-pay__free">
          <p>本单实付 ¥0，无需扫码支付</p>
          <Button
            className="dso-upgrade-cta"
            size="large"
            loading={payFree.isPending || payFree.isSuccess}
            onClick={() =>
              payFree.mutate(order.order_id, {
                onSuccess: () => {
                  settled.current = true;
                  void finishPayment(latest.current.onPaid);
                },
              })
            }
          >
            立即开通
          </Button>
        </div>
      ) : (
        <>
          <Segmented<PayMode>
            className="orders-pay__modes"
            value={shownMode}
            onChange={onPayModeChange}
            options={[
              { value: 'AliPay', label: '支付宝', icon: <AlipayCircleFilled /> },
              {
                value: 'WxPay',
                disabled: cycle,
                icon: <WechatFilled />,
                label: cycle ? (
                  <Tooltip title={orderMessages.cycleAlipayOnly}>
                    <span data-testid="wechat-cycle-hint">微信支付</span>
                  </Tooltip>
                ) : (
                  '微信支付'
                ),
              },
            ]}
          />
          <div className="orders-pay__body">
            <div
              className={`orders-pay__qr${state === 'waiting' ? '' : ' is-expired'}`}
              data-testid="pay-qr"
              data-state={state}
              data-qr-text={qrText ?? ''}
            >
              <QRCode
                value={qrText ?? '-'}
                status={qrText ? 'active' : 'loading'}
                size={152}
                type="svg"
                color="#0d0f14"
                bgColor="#ffffff"
                bordered={false}
              />
              {(state !== 'waiting' || wechat.isError) && (
                <div className="orders-pay__overlay">
                  <span>{overlayText(state)}</span>
                  {state !== 'paid' && (
                    <Button
                      size="small"
                      type="primary"
                      icon={<ReloadOutlined />}
                      onClick={() => (state === 'waiting' ? void wechat.refetch() : onRefresh())}
                    >
                      刷新
                    </Button>
                  )}
                </div>
              )}
            </div>
            <div className="orders-pay__info">
              <p className="orders-pay__amount">
                实付 <strong data-testid="pay-amount">¥{yuanText(order.pay_money)}</strong>
              </p>
              <p className="orders-pay__hint">
                {shownMode === 'AliPay' ? <AlipayCircleFilled /> : <WechatFilled />}
                请使用{shownMode === 'AliPay' ? '支付宝' : '微信'}扫码支付
              </p>
              <p className="orders-pay__countdown">
                {state === 'waiting' ? (
                  <>
                    二维码有效时间 <span data-testid="pay-countdown">{formatCountdown(left)}</span>
                  </>
                ) : state === 'paid' ? (
                  '正在为您开通会员…'
                ) : (
                  '二维码已失效，请刷新后重新扫码'
                )}
              </p>
              <p className="orders-pay__note">会员与次数包为虚拟商品，支付后不支持7天无理由退款</p>
            </div>
          </div>
        </>
      )}
    </div>
  );
}

/** The text over a QR that can no longer be scanned (or whose WeChat QR could not be fetched). */
function overlayText(state: QrState): string {
  if (state === 'paid') return orderMessages.paySuccess;
  if (state === 'cancelled') return orderMessages.payCancelled;
  if (state === 'expired') return orderMessages.expired;
  return '二维码获取失败';
}

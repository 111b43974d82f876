import { CustomerServiceOutlined } from '@ant-design/icons';
import { type FrequencyPackage, orderMessages, type PayMode } from '@dso/contract';
import { yuanText } from '@dso/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AppDialog } from '../../../components/app-dialog/app-dialog';
import { toast } from '../../../lib/feedback';
import { randomId } from '../../../lib/storage';
import { useMemberDialog } from '../../../lib/use-member-dialog';
import { useDialogs } from '../../../stores/dialogs';
import { type FrequencyOrder, fetchFrequencyPackages, previewFrequencyOrder } from '../api/frequency-api';
import { PayPanel } from './pay-panel';
import '../orders-setting.css';

/** The recharge dialog's width (001 §2). */
export const RECHARGE_DIALOG_WIDTH = 900;
/**
 * The line over the packs when the user opened the recharge to buy (top tier's buy entry, a recharge
 * link): no count has run out, so not the buy-times text 本日次数已用尽, which comes with a reason.
 */
export const RECHARGE_HINT = '次数包支付成功后立即到账，有效期1年';
/** Extraction counts, the type the upgrade ladder asks for (001 §4, §6). */
const DEFAULT_FREQUENCY_TYPE = 9;

/**
 * Payload of the buy-times dialog (001 §2): the count type (9 for extraction) and the reason; no
 * reason when the user opened it to buy.
 */
export interface BuyTimesPayload {
  type: number;
  message?: string;
}

/**
 * The usage-count recharge dialog (001 §2, §4): top-tier members buy count packs here instead of
 * upgrading. It opens on the `buyTimes` dialog flag with the count type, loads that type's packs (none
 * or a failure: 套餐数据获取失败 and it closes), previews an order for the chosen pack (a failure:
 * 订单创建失败,请稍后重试 and it closes) and shows the payment QR, Alipay by default or WeChat Pay.
 */
export function RechargeDialog() {
  const payload = useDialogs((state) => state.payload.buyTimes) as BuyTimesPayload | undefined;
  // Paying needs an account (001 §5): a visitor gets the login dialog instead.
  const { shown, close } = useMemberDialog('buyTimes');
  return (
    <AppDialog
      open={shown}
      title="购买次数包"
      width={RECHARGE_DIALOG_WIDTH}
      footer={null}
      onCancel={close}
      maskClosable={false}
      className="orders-recharge-dialog"
    >
      {shown && (
        <RechargePanel
          frequencyType={payload?.type ?? DEFAULT_FREQUENCY_TYPE}
          message={payload?.message}
          onClose={close}
        />
      )}
    </AppDialog>
  );
}

function RechargePanel({
  frequencyType,
  message,
  onClose,
}: {
  frequencyType: number;
  message?: string;
  onClose(): void;
}) {
  const packs = useQuery({
    queryKey: ['orders', 'frequency-packages', frequencyType],
    queryFn: ({ signal }) => fetchFrequencyPackages(frequencyType, signal),
    staleTime: 0,
  });
  const [chosen, setChosen] = useState<FrequencyPackage | null>(null);
  const [payMode, setPayMode] = useState<PayMode>('AliPay');
  const [order, setOrder] = useState<FrequencyOrder | null>(null);
  // Only the latest preview may show its QR: choosing again while one is on its way drops it.
  const previewSeq = useRef(0);

  const choose = useCallback(
    async (pack: FrequencyPackage) => {
      setChosen(pack);
      setOrder(null);
      previewSeq.current += 1;
      const seq = previewSeq.current;
      try {
        const next = await previewFrequencyOrder({ frequency_package_id: pack.id, rand_tag: randomId(), pe: payMode });
        if (seq === previewSeq.current) setOrder(next);
      } catch {
        if (seq !== previewSeq.current) return;
        toast(orderMessages.orderFailed, 'error', 2000);
        onClose();
      }
    },
    [payMode, onClose],
  );

  const list = packs.data;
  const failed = packs.isError || (packs.isSuccess && (list?.length ?? 0) === 0);
  useEffect(() => {
    if (!failed) return;
    toast(orderMessages.packsFailed, 'error', 2000);
    onClose();
  }, [failed, onClose]);

  // The first pack is chosen for the user, so the QR is there at once (as the pay box does).
  const first = list?.[0];
  useEffect(() => {
    if (first && previewSeq.current === 0) void choose(first);
  }, [first, choose]);

  if (packs.isPending || failed) {
    return (
      <div className="orders-invoice-loading">
        <Spin />
      </div>
    );
  }

  return (
    <div className="orders-recharge" data-testid="recharge-dialog">
      <p className="orders-recharge__hint">{message ?? RECHARGE_HINT}</p>
      <fieldset className="orders-recharge__packs" aria-label="次数包">
        {(list ?? []).map((pack) => (
          <button
            key={pack.id}
            type="button"
            aria-pressed={chosen?.id === pack.id}
            className={`orders-pack${chosen?.id === pack.id ? ' is-chosen' : ''}`}
            data-testid="frequency-pack"
            onClick={() => {
              if (chosen?.id !== pack.id) void choose(pack);
            }}
          >
            <span className="orders-pack__name">{pack.name}</span>
            <span className="orders-pack__count">{pack.frequency}次</span>
            <span className="orders-pack__price">¥{yuanText(pack.price)}</span>
            <span className="orders-pack__valid">有效期1年</span>
          </button>
        ))}
      </fieldset>
      {chosen &&
        (order ? (
          <div className="orders-recharge__pay" data-testid="pack-payment">
            <PayPanel
              key={order.order_id}
              order={{ order_id: order.order_id, pay_money: order.price, expire_time: order.expire_time }}
              pack
              cycle={false}
              payMode={payMode}
              onPayModeChange={setPayMode}
              mode="dialog"
              onRefresh={() => void choose(chosen)}
              onPaid={onClose}
              onExpired={onClose}
            />
          </div>
        ) : (
          <div className="orders-recharge__pay orders-recharge__pay--loading">
            <Spin />
          </div>
        ))}
      <p className="orders-recharge__support">
        需要其他次数包？
        <Button
          type="link"
          size="small"
          icon={<CustomerServiceOutlined />}
          onClick={() => useDialogs.getState().openDialog('contact')}
        >
          联系客服
        </Button>
      </p>
    </div>
  );
}

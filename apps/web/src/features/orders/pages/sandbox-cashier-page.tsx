import type { SandboxCashierResult, SandboxCashierView } from '@dso/contract';
import { yuanText } from '@dso/domain';
import { Button, ConfigProvider, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { openLoginDialog } from '../../../components';
import { useSession } from '../../../stores/session';
import { usePressSandboxCashier, useSandboxCashier } from '../api/sandbox-cashier-api';
import '../orders.css';

/** Every state but a payable trade is one message: the cashier's refusals and its answers to a press. */
type CashierMessage = Exclude<SandboxCashierView['state'], 'payable'> | SandboxCashierResult['state'] | 'visitor';

const messages: Record<CashierMessage, { title: string; text: string }> = {
  visitor: {
    title: '无法支付',
    text: '沙箱收银台只为下单的账号服务，请登录下单的账号后再打开此页面。',
  },
  not_owner: {
    title: '无法支付',
    text: '该订单不属于当前登录的账号，请登录下单的账号后再打开此页面。',
  },
  unusable: { title: '订单已失效', text: '该订单已支付、已取消或已过期，请回到支付页面刷新二维码。' },
  paid: { title: '支付成功', text: '请回到支付页面查看，可以关闭此页面。' },
  cancelled: { title: '已取消支付', text: '支付页面上的订单已取消，可重新下单。' },
};

const walletNames = { alipay: '支付宝', wechat: '微信支付' } as const;
/** Each wallet's own colour on 支付, as their cashiers have it. */
const walletColours = { alipay: '#1677ff', wechat: '#07c160' } as const;
const cashierActions = [
  { action: 'pay', label: '支付' },
  { action: 'cancel', label: '取消' },
] as const;

function CashierCard({ children }: { children: ReactNode }) {
  return (
    <div className="orders-cashier" data-testid="sandbox-cashier">
      <section className="surface-box orders-cashier__card">{children}</section>
    </div>
  );
}

function CashierMessageCard({ state }: { state: CashierMessage }) {
  const { title, text } = messages[state];
  return (
    <CashierCard>
      <h1>{title}</h1>
      <p className="orders-cashier__text">{text}</p>
      {state === 'visitor' && (
        <Button type="primary" onClick={openLoginDialog}>
          登录
        </Button>
      )}
    </CashierCard>
  );
}

/**
 * The sandbox cashier (`SANDBOX_CASHIER_PAGE`): where the sandbox pay QR leads in place of Alipay's or
 * WeChat Pay's cashier, titled after the order's channel. It acts only for the order's owner, so it is
 * a page of the app, whose calls carry the buyer's session: a visitor or another account is refused
 * and sees no 支付. 支付 / 取消 post what the vendor would, and the pay box learns it by its polling.
 */
export default function SandboxCashierPage() {
  const [params] = useSearchParams();
  const trade = params.get('trade') ?? '';
  const signedIn = useSession((state) => state.token !== null);
  const view = useSandboxCashier(trade, signedIn);
  const press = usePressSandboxCashier();

  if (!signedIn) return <CashierMessageCard state="visitor" />;
  if (press.data) return <CashierMessageCard state={press.data.state} />;
  if (!view.data) {
    return (
      <CashierCard>
        <Spin />
      </CashierCard>
    );
  }
  if (view.data.state !== 'payable') return <CashierMessageCard state={view.data.state} />;

  const { channel, amount, subject, order_id: orderId } = view.data;
  const title = `${walletNames[channel]}收银台（沙箱）`;
  return (
    <CashierCard>
      <h1>{title}</h1>
      <p className="orders-cashier__text">这是模拟的收银台，不会产生真实扣款。</p>
      <div className="orders-cashier__amount">¥{yuanText(amount)}</div>
      <div className="orders-cashier__subject">{subject}</div>
      <ConfigProvider theme={{ token: { colorPrimary: walletColours[channel] } }}>
        <div className="orders-cashier__actions">
          {cashierActions.map(({ action, label }) => (
            <Button
              key={action}
              type={action === 'pay' ? 'primary' : 'default'}
              size="large"
              block
              autoInsertSpace={false}
              loading={press.isPending && press.variables?.action === action}
              disabled={press.isPending}
              onClick={() => press.mutate({ trade, action })}
            >
              {label}
            </Button>
          ))}
        </div>
      </ConfigProvider>
      <p className="orders-cashier__note">订单号 {orderId}</p>
    </CashierCard>
  );
}

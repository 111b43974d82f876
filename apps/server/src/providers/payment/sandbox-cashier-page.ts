import { OrderPath } from '@dso/contract';
import { yuanText } from '@dso/domain';
import { escapeHtml, htmlPage } from '../../lib/html-page';

/**
 * The sandbox cashier: the page the sandbox pay QR opens in place of Alipay or WeChat Pay. Plain
 * server-rendered HTML with a form POST (the CSP forbids inline scripts).
 */

const styles = `
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f8;color:#222}
main{max-width:420px;margin:0 auto;padding:32px 20px;text-align:center}
h1{font-size:20px;margin:0 0 8px}p{color:#666;line-height:1.6}
.amount{font-size:36px;font-weight:600;margin:18px 0 4px;color:#111}.subject{color:#444}
button{display:block;width:100%;margin-top:14px;padding:12px;font-size:16px;border:0;border-radius:6px}
.pay{background:#1677ff;color:#fff}.pay.wechat{background:#07c160}.cancel{background:#fff;color:#222;border:1px solid #ddd}
.note{font-size:12px;color:#999;margin-top:28px}`;

const layout = (title: string, body: string) => htmlPage(title, body, styles);

export interface CashierTrade {
  outTradeNo: string;
  channel: string;
  amountFen: number;
  subject: string;
}

/** The cashier for an unpaid trade: amount, what is bought, 支付 and 取消. */
export function renderCashierPage(trade: CashierTrade): string {
  const wallet = trade.channel === 'wechat' ? '微信支付' : '支付宝';
  return layout(
    `${wallet}收银台（沙箱）`,
    `<h1>${wallet}收银台（沙箱）</h1>
<p>这是模拟的收银台，不会产生真实扣款。</p>
<div class="amount">¥${yuanText(trade.amountFen)}</div>
<div class="subject">${escapeHtml(trade.subject)}</div>
<form method="post" action="${OrderPath.sandboxCashier}">
<input type="hidden" name="trade" value="${escapeHtml(trade.outTradeNo)}">
<button class="pay ${trade.channel === 'wechat' ? 'wechat' : ''}" type="submit" name="action" value="pay">支付</button>
<button class="cancel" type="submit" name="action" value="cancel">取消</button>
</form>
<p class="note">订单号 ${escapeHtml(trade.outTradeNo)}</p>`,
  );
}

/** The answer after 支付 / 取消, or for a trade that can no longer be paid. */
export function renderCashierResult(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

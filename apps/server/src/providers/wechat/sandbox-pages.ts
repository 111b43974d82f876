import { WechatPath } from '@dso/contract';
import { escapeHtml, htmlPage } from '../../lib/html-page';
import { SANDBOX_OPEN_ID } from './sandbox';

/**
 * The sandbox's stand-in for the WeChat app: plain server-rendered pages. The server's CSP forbids
 * inline scripts, so confirming is an ordinary form POST answered by a result page.
 */

const styles = `
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f2f2f2;color:#222}
main{max-width:420px;margin:0 auto;padding:32px 20px;text-align:center}
h1{font-size:20px;margin:0 0 8px}p{color:#666;line-height:1.6}
label{display:block;text-align:left;margin:24px 0 6px;color:#444}
input{box-sizing:border-box;width:100%;padding:10px;font-size:15px;border:1px solid #ccc;border-radius:6px}
button{display:block;width:100%;margin-top:14px;padding:12px;font-size:16px;border:0;border-radius:6px}
.confirm{background:#07c160;color:#fff}.cancel{background:#fff;color:#222;border:1px solid #ddd}
.note{font-size:12px;color:#999;margin-top:28px}`;

const layout = (title: string, body: string) => htmlPage(title, body, styles);

/** The page the sandbox QR opens: who is scanning, and the two buttons. */
export function renderScanPage(sceneId: string): string {
  return layout(
    'DSO 微信登录（沙箱）',
    `<h1>DSO 微信登录（沙箱）</h1>
<p>这是模拟的微信扫码确认页，不会连接真实微信。</p>
<form method="post" action="${WechatPath.sandboxConfirm}">
<input type="hidden" name="ticket" value="${escapeHtml(sceneId)}">
<label for="openid">模拟微信用户（openid）</label>
<input id="openid" name="openid" value="${escapeHtml(SANDBOX_OPEN_ID)}" maxlength="64" autocomplete="off">
<button class="confirm" type="submit" name="action" value="confirm">确认登录</button>
<button class="cancel" type="submit" name="action" value="cancel">取消</button>
</form>
<p class="note">同一个 openid 每次登录的都是同一个账号；首次使用需要绑定手机号。</p>`,
  );
}

/** The answer page after a button press or for a QR that can no longer be used. */
export function renderResultPage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

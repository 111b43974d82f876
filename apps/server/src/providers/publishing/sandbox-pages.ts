import { PublishingPath } from '@dso/contract';
import { escapeHtml, htmlPage } from '../../lib/html-page';
import { SANDBOX_NICKNAME } from './sandbox';

/**
 * The sandbox's stand-in for Douyin's authorise page: a plain server-rendered form (the server's CSP
 * forbids inline scripts). Confirming posts the form; the server answers with the redirect Douyin
 * would make, to the callback with a code and the state.
 */

const styles = `
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#161823;color:#fff}
main{max-width:420px;margin:0 auto;padding:40px 20px;text-align:center}
h1{font-size:20px;margin:0 0 8px}p{color:#aaa;line-height:1.6}
.logo{width:56px;height:56px;margin:0 auto 16px;border-radius:14px;background:linear-gradient(135deg,#25f4ee,#fe2c55)}
label{display:block;text-align:left;margin:24px 0 6px;color:#ccc}
input{box-sizing:border-box;width:100%;padding:10px;font-size:15px;border:1px solid #444;border-radius:6px;background:#222;color:#fff}
ul{text-align:left;color:#ccc;line-height:1.9;padding-left:20px}
button{display:block;width:100%;margin-top:14px;padding:12px;font-size:16px;border:0;border-radius:6px;cursor:pointer}
.confirm{background:#fe2c55;color:#fff}.cancel{background:transparent;color:#ccc;border:1px solid #444}
.note{font-size:12px;color:#777;margin-top:28px}`;

/** The page the sandbox's authorise address opens. */
export function renderAuthorizePage(state: string, redirectUri: string): string {
  return htmlPage(
    '抖音授权（沙箱）',
    `<div class="logo"></div>
<h1>DSO 申请使用你的抖音账号</h1>
<p>这是模拟的抖音开放平台授权页，不会连接真实抖音。</p>
<form method="post" action="${PublishingPath.sandboxAuthorize}">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}">
<label for="nickname">模拟抖音账号（昵称）</label>
<input id="nickname" name="nickname" value="${escapeHtml(SANDBOX_NICKNAME)}" maxlength="20" autocomplete="off">
<ul><li>获取你的公开信息（昵称、头像）</li><li>代表你发布视频和图文作品</li></ul>
<button class="confirm" type="submit" name="action" value="confirm">同意授权</button>
<button class="cancel" type="submit" name="action" value="cancel">拒绝</button>
</form>
<p class="note">同一个昵称每次授权的都是同一个沙箱抖音号。</p>`,
    styles,
  );
}

/** The answer to a page that cannot be used (no state, or a redirect that is not this server's callback). */
export function renderAuthorizeError(message: string): string {
  return htmlPage('授权链接无效', `<h1>授权链接无效</h1><p>${escapeHtml(message)}</p>`, styles);
}

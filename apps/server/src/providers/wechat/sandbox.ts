import { WECHAT_QR_TTL_SECONDS, WechatPath } from '@dso/contract';
import type { WechatCallback, WechatEvent, WechatLoginProvider } from './index';

/**
 * The openid the sandbox scan page proposes. It is the same on every scan, so a developer who bound
 * it to a phone once logs straight into that account afterwards.
 */
export const SANDBOX_OPEN_ID = 'oDSO_sandbox_demo_openid_0001';

export interface SandboxWechatOptions {
  /**
   * Where phones reach this server; the QR encodes the scan page under it. Unset: the address the
   * browser asking for the QR used, which is right whatever port or host the server runs on.
   */
  publicUrl: string | undefined;
}

/**
 * Logs in without WeChat: the QR encodes a page of this server that plays the part of the WeChat app
 * (a phone or a second browser tab opens it and confirms). The sandbox's own QR ticket is the scene.
 */
export function createSandboxWechat({ publicUrl }: SandboxWechatOptions): WechatLoginProvider {
  return {
    name: 'sandbox',
    async createLoginQr(sceneId, origin) {
      const base = publicUrl ?? origin;
      if (!base) throw new Error('The sandbox QR needs PUBLIC_URL or the requesting address');
      const url = new URL(WechatPath.sandboxScan, base);
      url.searchParams.set('ticket', sceneId);
      return { qrCodeUrl: url.toString(), expireSeconds: WECHAT_QR_TTL_SECONDS };
    },
    readEvent: readConfirmForm,
    answerAddressCheck: () => null,
  };
}

/** The scan page's form: `ticket`, `openid` and the pressed button `action` (confirm or cancel). */
function readConfirmForm({ body }: WechatCallback): WechatEvent {
  const form = new URLSearchParams(body);
  const sceneId = form.get('ticket')?.trim() ?? '';
  if (!sceneId) return { kind: 'ignored' };
  if (form.get('action') === 'cancel') return { kind: 'cancel', sceneId };
  // An emptied field still logs in, as the proposed account, rather than failing a demo.
  const openId = form.get('openid')?.trim() || SANDBOX_OPEN_ID;
  return { kind: 'scan', sceneId, openId: openId.slice(0, 64) };
}

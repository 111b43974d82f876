import { Code, type Envelope, isSuccessCode, preparingOf } from '@dso/contract';
import { useDialogs } from '../../stores/dialogs';
import { usePreparing } from '../../stores/preparing';
import { useSession } from '../../stores/session';
import { toast } from '../feedback';
import { navigateTo } from '../navigation';

/** How a call wants its failures treated; the defaults are the general handling of 002 §8. */
export interface FailurePolicy {
  /** Frame calls (000 §7) ignore non-200 codes without a message. */
  silent?: boolean;
  /** Search calls reject on 800 without a toast. */
  search?: boolean;
  /** Endpoints allowed to answer 405 quietly. */
  allow405?: boolean;
  /** Codes the caller handles itself (for example 205 and 500 on SMS sends). */
  handles?: number[];
}

/** Messages of 404/400 the calling dialog shows its own way (expired QR, data being collected, no user). */
const quietNotFoundPatterns = [/二维码.*过期|已过期/, /采集中/, /未找到.*用户|用户不存在/];

/** Hook for 660 until the captcha dialog registers itself. */
let captchaChallenge: ((msg: string) => void) | null = null;
export function registerCaptchaChallenge(handler: (msg: string) => void) {
  captchaChallenge = handler;
}

export function isHomePath() {
  return window.location.pathname === '/';
}

/** Whether a call with this code succeeds: 205 (SMS_CLOSE_DIALOG) is in the success range but fails the call. */
export function isCallSuccess(code: number): boolean {
  return isSuccessCode(code) && code !== Code.SMS_CLOSE_DIALOG;
}

/**
 * The one response handler (002 §8): applies the catalogue's side effects for a failed envelope.
 * Components never switch on codes themselves; callers only see the rejection.
 */
export function applyFailure(envelope: Envelope<unknown>, policy: FailurePolicy = {}) {
  const { code, msg } = envelope;
  if (isCallSuccess(code)) return;
  // A first start still preparing its demo data answers every call so (contract first-start.ts): one
  // full-page notice, whatever the call, silent frame calls included (they are the first a page makes).
  const preparing = preparingOf(envelope);
  if (preparing) {
    usePreparing.getState().show(msg, preparing);
    return;
  }
  // Frame calls (000 §7) ignore every non-200 code without a message; callers may take codes over.
  if (policy.silent || policy.handles?.includes(code)) return;
  const dialogs = useDialogs.getState();
  const session = useSession.getState();
  switch (code) {
    case Code.TOKEN_INVALID:
      session.clearLogin();
      if (policy.search) return;
      if (/token|登录/i.test(msg)) dialogs.openDialog('login');
      else toast(msg);
      return;
    case Code.TOKEN_EXPIRED:
      session.clearLogin();
      return;
    case Code.KICKED:
      session.clearLogin();
      dialogs.showErrorDialog('account');
      return;
    case Code.IP_BUSY:
      dialogs.showErrorDialog('ipBusy');
      return;
    case Code.SERVER_BUSY:
      dialogs.showErrorDialog('serveBusy');
      return;
    case Code.CLIENT_INTEGRITY:
      dialogs.showErrorDialog('jsErr');
      return;
  }
  switch (code) {
    case Code.SERVER_ERROR:
      if (!isHomePath()) dialogs.showErrorDialog('serveErr');
      return;
    case Code.GO_HOME:
      navigateTo('/');
      return;
    case Code.CAPTCHA_REQUIRED:
      if (captchaChallenge) captchaChallenge(msg);
      else toast(msg);
      return;
    case Code.SMS_CLOSE_DIALOG:
      dialogs.closeDialog('login');
      toast(msg, 'warning');
      return;
    case Code.FORBIDDEN:
      toast(msg);
      if (!session.token) dialogs.openDialog('login');
      return;
    case Code.METHOD_NOT_ALLOWED:
      if (!policy.allow405) toast(msg);
      return;
    case Code.NOT_FOUND:
    case Code.BAD_REQUEST:
      if (!quietNotFoundPatterns.some((pattern) => pattern.test(msg))) toast(msg);
      return;
    case Code.PAGE_REJECTED:
    case Code.NEEDS_UPGRADE:
    case Code.DATA_PENDING:
      return;
    default:
      toast(msg);
  }
}

/** Network failure: dialog netErr (网络出错啦，刷新试试吧). */
export function applyNetworkFailure(policy: FailurePolicy = {}) {
  if (policy.silent) return;
  useDialogs.getState().showErrorDialog('netErr');
}

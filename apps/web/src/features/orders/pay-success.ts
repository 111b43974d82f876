import { orderMessages } from '@dso/contract';
import { toast } from '../../lib/feedback';
import { LocalKey, readLocal, SessionKey, writeSession } from '../../lib/storage';
import { loadRoles, loadUserInfo, reloadPage, reportConversion } from '../account';
import { isFreshAdClick } from './plan-rules';

/** How long 支付成功 shows before the reload. */
const RELOAD_AFTER_MS = 1000;

/**
 * After a membership is paid (001 §4 step 4): 支付成功, the dialog closes, the paySuccess flag is
 * set, a paid-search conversion is reported when the click was saved within 24 h, user info and roles
 * refresh, and the page reloads so every panel shows the new grade. The reload waits for the refresh
 * and the report, whichever way they end.
 */
export async function finishPayment(close?: () => void) {
  toast(orderMessages.paySuccess, 'success', 2000);
  close?.();
  writeSession(SessionKey.paySuccess, '1');
  const clickId = readLocal(LocalKey.adClickId);
  const clickTime = Number(readLocal(LocalKey.adClickTime));
  const conversion = isFreshAdClick(clickId, clickTime, Date.now())
    ? reportConversion({ bd_vid: clickId, bd_vid_time: clickTime, kind: 'pay' })
    : null;
  await Promise.allSettled([loadUserInfo(), loadRoles(), conversion]);
  // Long enough to read 支付成功 before the page reloads (as a card exchange waits 1 s).
  setTimeout(reloadPage, RELOAD_AFTER_MS);
}

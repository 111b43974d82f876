import { Code, permissionDeniedDataSchema } from '@dso/contract';
import { frequencyTypeOf, type Grade, quotaExhaustionAction, upgradeMessages } from '@dso/domain';
import { isApiError } from '../../lib/api/errors';
import { useDialogs } from '../../stores/dialogs';
import { useSession } from '../../stores/session';
import type { BuyTimesPayload } from '../orders';
import { openNoPermission } from './grade-check';

/** Payload of the pay dialog: the tier to preselect and, after a refusal, why it opened. */
export interface PayDialogOpenPayload {
  grade: Grade;
  message?: string;
}

/**
 * Quota exhaustion as the client itself finds it (001 §4, 002 §4): below EVIP the pay dialog with
 * FREE→VIP, VIP→SVIP, others→EVIP preselected; EVIP and above the buy-times dialog, selling the packs of
 * `alias` when given (KEYWORD_MONITOR_COUNT's, say), else type 9.
 */
export function openQuotaExhausted(message?: string, alias?: string) {
  const action = quotaExhaustionAction(useSession.getState().userInfo?.grade);
  const dialogs = useDialogs.getState();
  if (action.kind === 'buyTimes') {
    const type = (alias ? frequencyTypeOf(alias) : null) ?? action.type;
    // A count ran out: the buy-times text 本日次数已用尽 (001 §2) unless the caller has a reason.
    const payload: BuyTimesPayload = { type, message: message ?? upgradeMessages.buyTimes };
    dialogs.openDialog('buyTimes', payload);
  } else {
    const payload: PayDialogOpenPayload = { grade: action.preselect, ...(message ? { message } : {}) };
    dialogs.openDialog('pay', payload);
  }
}

/**
 * Turns a server refusal with code 810 into the right dialog (contract `permissionDeniedDataSchema`):
 * `buyTimes` opens the buy-times dialog; `pay` opens the pay dialog for a used-up quota and the
 * no-permission dialog, with the server's message, for a missing permission. Returns false for any
 * other error so the caller can go on with it.
 */
export function handleQuotaFailure(error: unknown): boolean {
  if (!isApiError(error, Code.NEEDS_UPGRADE)) return false;
  const message = error.message || upgradeMessages.insufficientRights;
  const parsed = permissionDeniedDataSchema.safeParse(error.data);
  const dialogs = useDialogs.getState();
  if (!parsed.success) {
    openNoPermission(message);
    return true;
  }
  const data = parsed.data;
  if (data.action === 'buyTimes') {
    // The recharge dialog sells the packs of the quota that ran out; extraction (type 9) when none match.
    const payload: BuyTimesPayload = { type: frequencyTypeOf(data.alias) ?? data.type, message };
    dialogs.openDialog('buyTimes', payload);
  } else if (data.reason === 'exhausted') {
    const payload: PayDialogOpenPayload = { grade: data.grade, message };
    dialogs.openDialog('pay', payload);
  } else {
    openNoPermission(message, data.grade);
  }
  return true;
}

import { BUY_TIMES_TYPE, type Grade, normalizeGrade, rowCapMessage, upgradeTarget } from '@dso/domain';
import { useDialogs } from '../../stores/dialogs';
import { useSession } from '../../stores/session';

/**
 * Payload of the no-permission upgrade dialog (001 §2) as the shared widgets open it: the message
 * to show and the tier its pay box preselects.
 */
export interface UpgradePromptPayload {
  message: string;
  grade: Grade;
}

/** Payload of the pay dialog opened by an upgrade button: the tier to preselect (001 §4). */
export interface PayDialogPayload {
  grade: Grade;
}

/** The signed-in user's grade as the widgets check it; visitors and unknown grades count as FREE. */
export function currentGrade(): Grade {
  return normalizeGrade(useSession.getState().userInfo?.grade);
}

/** Opens the login dialog, as every widget does for visitors (000 §6, 002 §6). */
export function openLoginDialog() {
  useDialogs.getState().openDialog('login');
}

/** Opens the pay dialog with the upgrade target preselected: one step up, or `needed` when higher. */
export function openPayDialog(needed?: Grade | null) {
  const payload: PayDialogPayload = { grade: upgradeTarget(currentGrade(), needed) };
  useDialogs.getState().openDialog('pay', payload);
}

/**
 * Opens the no-permission dialog for a row cap (000 §5, 001 §2): '您的X会员只能看N条数据，升级会员查看更多',
 * with the next tier preselected.
 */
export function openRowCapPrompt(maxNumber: number) {
  const grade = currentGrade();
  const payload: UpgradePromptPayload = { message: rowCapMessage(grade, maxNumber), grade: upgradeTarget(grade) };
  useDialogs.getState().openDialog('noPermission', payload);
}

/**
 * Opens the usage-count recharge as a purchase the user chose (001 §1: top tier's buy entry), so
 * without a reason: the buy-times text 本日次数已用尽 is for a count that ran out (001 §2).
 */
export function openRecharge() {
  useDialogs.getState().openDialog('buyTimes', { type: BUY_TIMES_TYPE });
}

import {
  type Grade,
  lowestGrantingGrade,
  normalizeGrade,
  passesGradeCheck,
  upgradeAlertText,
  upgradeMessages,
  upgradeTarget,
} from '@dso/domain';
import type { UpgradePromptPayload } from '../../components';
import { toast } from '../../lib/feedback';
import { useDialogs } from '../../stores/dialogs';
import { useSession } from '../../stores/session';
import { useUpgradeState } from './upgrade-state';

/** Opens the no-permission dialog with a message and the tier to offer (one step up, or `needed`). */
export function openNoPermission(message: string, needed?: Grade | null) {
  const current = normalizeGrade(useSession.getState().userInfo?.grade);
  const payload: UpgradePromptPayload = { message, grade: upgradeTarget(current, needed) };
  useDialogs.getState().openDialog('noPermission', payload);
}

/**
 * The grade check (001 §5, 002 §5): true when the user's grade reaches `required`. A visitor gets the
 * login dialog; a logged-in user who falls short gets the no-permission dialog and the alert
 * 提示升级 VIP / SVIP / EVIP.
 */
export function checkGrade(required: Grade): boolean {
  const { token, userInfo } = useSession.getState();
  if (!token) {
    useDialogs.getState().openDialog('login');
    return false;
  }
  if (passesGradeCheck(userInfo?.grade, required)) return true;
  openNoPermission(upgradeMessages.insufficientRights, required);
  const alert = upgradeAlertText(required);
  if (alert) toast(alert, 'warning', 2000);
  return false;
}

export interface FeatureCheckOptions {
  /** Demo mode shows sample data to everyone and bypasses the check (001 §5). */
  demo?: boolean;
}

/**
 * The feature permission check (001 §5): the lowest tier granting `alias` in the permission tree
 * (`roles`). When the user's tier lacks it the no-permission dialog opens and the needed tier is
 * stored. A visitor needing more than FREE gets the login dialog. Before the tree has loaded the
 * client cannot tell, so it lets the call go and the server's 810 refusal decides.
 */
export function checkFeature(alias: string, options: FeatureCheckOptions = {}): boolean {
  if (options.demo) return true;
  const { token, userInfo, roles } = useSession.getState();
  if (roles.length === 0) return true;
  const needed = lowestGrantingGrade(roles, alias);
  if (needed !== null && passesGradeCheck(token ? userInfo?.grade : 'FREE', needed)) return true;
  if (!token) {
    useDialogs.getState().openDialog('login');
    return false;
  }
  useUpgradeState.setState({ neededGrade: needed });
  openNoPermission(upgradeMessages.insufficientRights, needed);
  return false;
}

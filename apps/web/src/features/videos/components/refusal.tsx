import type { ReactNode } from 'react';
import { isRefusal, LoadFailed, type NoPermissionFeature, NoPermissionPanel, RefusalPanel } from '../../../components';
import { useSession } from '../../../stores/session';

/**
 * What a tab shows when its call failed: the upgrade panel in place of the tab for an 810 refusal
 * (002 §5), with the tier the server names preselected; otherwise a reload button.
 */
export function TabFailure({ error, type, onRetry }: { error: unknown; type: NoPermissionFeature; onRetry(): void }) {
  if (isRefusal(error)) return <RefusalPanel error={error} type={type} height={360} />;
  return <LoadFailed className="vd-failure" onRetry={onRetry} />;
}

/**
 * A detail tab's body for a signed-in user. A tab's data belongs to an account's permission, so a
 * visitor gets the login prompt in the tab's place (as the lists do) and the tab's call is never
 * made: made, it would answer 800, open the login dialog unasked and leave 加载失败 behind.
 */
export function TabLoginGate({ type, children }: { type: NoPermissionFeature; children: ReactNode }) {
  const token = useSession((state) => state.token);
  if (!token) return <NoPermissionPanel type={type} reason="login" height={360} />;
  return children;
}

import { Code, permissionDeniedDataSchema } from '@dso/contract';
import { upgradeMessages } from '@dso/domain';
import type { ReactNode } from 'react';
import { LoadFailed, type NoPermissionFeature, NoPermissionPanel } from '../../../components';
import { type ApiError, isApiError } from '../../../lib/api/errors';
import { useSession } from '../../../stores/session';

/** Whether an error is the server's 810 refusal (a missing right or a used-up count). */
export function isRefusal(error: unknown): error is ApiError {
  return isApiError(error, Code.NEEDS_UPGRADE);
}

/**
 * What a tab shows when its call failed: the upgrade panel in place of the tab for an 810 refusal
 * (002 §5), with the tier the server names preselected; otherwise a reload button.
 */
export function TabFailure({ error, type, onRetry }: { error: unknown; type: NoPermissionFeature; onRetry(): void }) {
  if (isRefusal(error)) {
    const denied = permissionDeniedDataSchema.safeParse(error.data);
    const needed = denied.success && denied.data.action === 'pay' ? denied.data.grade : null;
    return (
      <NoPermissionPanel
        type={type}
        message={error.message || upgradeMessages.insufficientRights}
        needed={needed}
        height={360}
      />
    );
  }
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

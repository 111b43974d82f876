import { Code, permissionDeniedDataSchema } from '@dso/contract';
import { upgradeMessages } from '@dso/domain';
import { type ApiError, isApiError } from '../../lib/api/errors';
import { type NoPermissionFeature, NoPermissionPanel } from './no-permission-panel';

/** Whether an error is the server's refusal for a missing right or a used-up count (810). */
export function isRefusal(error: unknown): error is ApiError {
  return isApiError(error, Code.NEEDS_UPGRADE);
}

/**
 * The no-permission panel for a refused call (002 §2: an upgrade prompt replaces the content): the
 * server's message, and the tier it names preselected in the pay dialog.
 */
export function RefusalPanel({ error, type, height }: { error: ApiError; type: NoPermissionFeature; height?: number }) {
  const denied = permissionDeniedDataSchema.safeParse(error.data);
  const needed = denied.success && denied.data.action === 'pay' ? denied.data.grade : null;
  return (
    <NoPermissionPanel
      type={type}
      message={error.message || upgradeMessages.insufficientRights}
      needed={needed}
      height={height}
    />
  );
}

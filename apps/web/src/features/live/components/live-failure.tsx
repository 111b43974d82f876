import { LoadFailed } from '../../../components';

/** A session that could not be loaded: the server's message (直播不存在 …) and a retry. */
export function LiveFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return <LoadFailed className="lv-failure" message={error.message} onRetry={onRetry} />;
}

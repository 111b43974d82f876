import { Button } from 'antd';
import { NoData } from '../../../components';

/** A session that could not be loaded: the server's message (直播不存在 …) and a retry. */
export function LiveFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div className="lv-failure">
      <NoData text={error.message || '加载失败'} />
      <Button onClick={onRetry}>重新加载</Button>
    </div>
  );
}

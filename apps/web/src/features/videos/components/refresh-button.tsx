import { videoMessages } from '@dso/contract';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { openLoginDialog } from '../../../components';
import { toast } from '../../../lib/feedback';
import { useSession } from '../../../stores/session';
import { useRefreshVideo } from '../api/refresh-video';
import { isRefreshLocked, rememberRefresh } from './refresh-lock';

/**
 * 刷新数据 (002 §4): queues a refresh of the video's figures and says 数据正在更新中，请您稍后再来查看.
 * The button stays disabled for 30 minutes per video — from this browser's own press (local storage)
 * or from the server's lock (`refresh_locked_until`, someone else's press).
 */
export function RefreshButton({ awemeId, lockedUntil }: { awemeId: string; lockedUntil: number | null }) {
  const token = useSession((state) => state.token);
  const refresh = useRefreshVideo();
  const [locked, setLocked] = useState(
    () => isRefreshLocked(awemeId) || (lockedUntil !== null && lockedUntil * 1000 > Date.now()),
  );
  const press = () => {
    if (!token) {
      openLoginDialog();
      return;
    }
    refresh.mutate(awemeId, {
      onSuccess: (answer) => {
        rememberRefresh(awemeId);
        setLocked(true);
        toast(answer.message || videoMessages.refreshing, 'success');
      },
    });
  };
  const button = (
    <Button size="small" onClick={press} disabled={locked} loading={refresh.isPending}>
      刷新数据
    </Button>
  );
  return locked ? <Tooltip title={videoMessages.refreshing}>{button}</Tooltip> : button;
}

import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import type { CollectType } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { openLoginDialog } from '../../../components';
import { useSession } from '../../../stores/session';
import { favouriteStateQuery, useSetCollected } from '../api/favourites-api';

export interface CollectButtonProps {
  type: CollectType;
  /** The keyword text, the aweme id or the creator's user id. */
  subject: string;
  /**
   * The state a detail answer already carries (the video detail's `collected`); without it the button
   * asks `GET /api/favourite/state` (a keyword page).
   */
  collected?: boolean;
  size?: 'small' | 'middle';
}

/**
 * 收藏 / 已收藏 on a keyword page and in the video dialog: a press collects the subject or
 * lets it go. A visitor is asked to log in first.
 */
export function CollectButton({ type, subject, collected, size = 'small' }: CollectButtonProps) {
  const token = useSession((state) => state.token);
  const state = useQuery({
    ...favouriteStateQuery(type, subject),
    enabled: Boolean(token),
    // A detail's own answer is current; after that the state changes only through this app's presses,
    // which write it into the cache, so it is not asked again.
    ...(collected === undefined ? {} : { initialData: { collected }, staleTime: Number.POSITIVE_INFINITY }),
  });
  const change = useSetCollected();
  const isCollected = Boolean(token) && state.data?.collected === true;
  const press = () => {
    if (!token) {
      openLoginDialog();
      return;
    }
    change.mutate({ type, subject, collected: !isCollected });
  };
  return (
    <Button
      size={size}
      icon={isCollected ? <HeartFilled /> : <HeartOutlined />}
      loading={change.isPending}
      disabled={Boolean(token) && state.isPending}
      aria-pressed={isCollected}
      onClick={press}
      data-testid="collect-button"
    >
      {isCollected ? '已收藏' : '收藏'}
    </Button>
  );
}

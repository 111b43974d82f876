import { abbreviateNumber } from '@dso/domain';
import { Avatar } from 'antd';

/** The session's creator: avatar (its first character when there is no picture), nickname, followers. */
export function CreatorLine({
  creator,
}: {
  creator: { nick_name: string; avatar_larger: string; total_follower_count?: number };
}) {
  return (
    <div className="lv-creator">
      <Avatar size={36} {...(creator.avatar_larger ? { src: creator.avatar_larger } : {})}>
        {creator.nick_name.slice(0, 1)}
      </Avatar>
      <div className="lv-creator__text">
        <span className="lv-creator__nick">{creator.nick_name}</span>
        {creator.total_follower_count !== undefined && (
          <span className="lv-muted">粉丝 {abbreviateNumber(creator.total_follower_count, 1, { zero: true })}</span>
        )}
      </div>
    </div>
  );
}

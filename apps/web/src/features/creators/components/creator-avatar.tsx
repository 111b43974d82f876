import { Avatar } from 'antd';

/** A creator's picture, or the first character of the nickname when there is none. */
export function CreatorAvatar({
  creator,
  size,
}: {
  creator: { nick_name: string; avatar_larger: string };
  size: number;
}) {
  return (
    <Avatar size={size} className="cr-avatar" {...(creator.avatar_larger ? { src: creator.avatar_larger } : {})}>
      {[...creator.nick_name][0] ?? '达'}
    </Avatar>
  );
}

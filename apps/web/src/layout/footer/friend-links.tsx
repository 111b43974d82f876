import { useFriendLinks } from './use-friend-links';

/** Friend links from the server, five per row (000 §2.4); nothing shows until they arrive. */
export function FriendLinks() {
  const { data } = useFriendLinks();
  if (!data?.length) return null;
  return (
    <div className="footer-friends">
      <h4>友情链接</h4>
      <ul className="footer-friend-list" data-testid="friend-links">
        {data.map((link) => (
          <li key={`${link.name}-${link.url}`}>
            <a href={link.url} target="_blank" rel="noopener noreferrer nofollow">
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { LockOutlined, RightOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';
import { menuEntry } from '../../../layout/menu-config';
import { MenuLink } from '../../../layout/menu-link';
import { useSession } from '../../../stores/session';
import type { HomeCard } from '../home-sections';

/** One workbench card: the menu entry's name and description, opening the same place the menu does. */
export function EntryCard({ card, accent }: { card: HomeCard; accent: string }) {
  const entry = menuEntry(card.to);
  const isVisitor = !useSession((state) => state.token);
  const Icon = card.icon;
  return (
    <MenuLink entry={entry} className="home-card">
      <span className="home-card-icon" style={{ '--accent': accent } as CSSProperties}>
        <Icon />
      </span>
      <span className="home-card-body">
        <span className="home-card-name">
          <span>{entry.name}</span>
          {entry.isNew && <span className="new-tag">NEW</span>}
        </span>
        <span className="tool-desc">{entry.description}</span>
      </span>
      {entry.needLogin && isVisitor ? (
        <LockOutlined className="home-card-end" title="登录后使用" />
      ) : (
        <RightOutlined className="home-card-end" />
      )}
    </MenuLink>
  );
}

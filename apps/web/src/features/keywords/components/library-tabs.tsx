import type { CSSProperties } from 'react';
import { NavLink } from 'react-router';
import { type KeywordLibrary, type LibraryTab, libraryTabLabels } from '../keyword-libraries';

export interface LibraryTabsProps {
  library: KeywordLibrary;
  active: LibraryTab;
  /** The current query (keyword, batch, country), kept when changing tabs. */
  search: string;
}

/** The tabs of a library (000 §2.3): 搜索词, 电商词, 行业词, 下拉词, 相关词 as the platform has them. */
export function LibraryTabs({ library, active, search }: LibraryTabsProps) {
  return (
    <nav
      className="kw-tabs"
      aria-label={`${library.title}分类`}
      style={{ '--accent': library.color } as CSSProperties}
      data-testid="library-tabs"
    >
      {library.tabs.map((tab) => (
        <NavLink
          key={tab}
          to={`${library.root}/${tab}${search}`}
          className={`kw-tab${tab === active ? ' is-active' : ''}`}
          aria-current={tab === active ? 'page' : undefined}
        >
          {libraryTabLabels[tab]}
        </NavLink>
      ))}
    </nav>
  );
}

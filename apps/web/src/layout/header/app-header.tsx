import { Link } from 'react-router';
import type { HeaderTab } from '../../app/route-table';
import '../../styles/layout.css';
import { HeaderAccount } from './header-account';
import { HeaderNav } from './header-nav';
import { HeaderSearch } from './header-search';
import { Logo } from './logo-mark';
import { ThemeToggle } from './theme-toggle';

/** The top header (000 §2.5): logo, tabs with hover menus, search, theme and account. */
export function AppHeader({ activeTab }: { activeTab: HeaderTab | null }) {
  return (
    <header className="app-header" data-active-tab={activeTab ?? ''}>
      <div className="app-header-inner">
        <Link to="/" className="app-header-logo" aria-label="DSO 首页">
          <Logo />
        </Link>
        <HeaderNav activeTab={activeTab} />
        <div className="app-header-right">
          <HeaderSearch />
          <ThemeToggle />
          <HeaderAccount />
        </div>
      </div>
    </header>
  );
}

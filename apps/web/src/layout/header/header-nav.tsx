import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import { useRef } from 'react';
import { Link } from 'react-router';
import type { HeaderTab } from '../../app/route-table';
import { useSession } from '../../stores/session';
import { type HeaderTabConfig, headerTabs, visibleColumns } from '../menu-config';
import { HoverMenuPanel } from './hover-menu-panel';
import { useHoverMenu } from './use-hover-menu';

function tabClass(tab: HeaderTabConfig, activeTab: HeaderTab | null, isOpen: boolean) {
  return ['header-tab', tab.tab === activeTab && 'is-active', isOpen && 'is-open'].filter(Boolean).join(' ');
}

/** The six header tabs (000 §2.5); four of them open hover menus. */
export function HeaderNav({ activeTab }: { activeTab: HeaderTab | null }) {
  const menu = useHoverMenu<HeaderTab>();
  const showOldVersion = useSession((state) => state.marketOldData);
  const tabRefs = useRef<Partial<Record<HeaderTab, HTMLElement | null>>>({});
  const openTab = headerTabs.find((tab) => tab.tab === menu.openKey && tab.columns);

  return (
    <nav className="header-nav" aria-label="主导航" onKeyDown={(event) => event.key === 'Escape' && menu.close()}>
      {headerTabs.map((tab) =>
        tab.external ? (
          <a
            key={tab.tab}
            className={tabClass(tab, activeTab, false)}
            href={tab.to}
            target="_blank"
            rel="noopener noreferrer"
          >
            {tab.label}
            <ExportOutlined className="header-tab-icon" />
          </a>
        ) : (
          <Link
            key={tab.tab}
            ref={(element) => {
              tabRefs.current[tab.tab] = element;
            }}
            to={tab.to}
            className={tabClass(tab, activeTab, menu.openKey === tab.tab)}
            data-testid={`header-tab-${tab.tab}`}
            aria-haspopup={tab.columns ? 'menu' : undefined}
            aria-expanded={tab.columns ? menu.openKey === tab.tab : undefined}
            onMouseEnter={tab.columns ? () => menu.enter(tab.tab) : undefined}
            onMouseLeave={tab.columns ? menu.leave : undefined}
            onClick={menu.click}
          >
            {tab.label}
            {tab.columns && <DownOutlined className="header-tab-caret" />}
          </Link>
        ),
      )}
      {openTab?.columns && (
        <HoverMenuPanel
          key={openTab.tab}
          tab={openTab.tab}
          columns={visibleColumns(openTab.columns, showOldVersion)}
          getAnchor={() => tabRefs.current[openTab.tab] ?? null}
          onMouseEnter={menu.stay}
          onMouseLeave={menu.leave}
          onEntryClick={menu.click}
        />
      )}
    </nav>
  );
}

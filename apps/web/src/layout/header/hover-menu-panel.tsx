import { useLayoutEffect, useRef, useState } from 'react';
import type { HeaderTab } from '../../app/route-table';
import type { MenuColumn } from '../menu-config';
import { MenuLink } from '../menu-link';

interface HoverMenuPanelProps {
  tab: HeaderTab;
  columns: MenuColumn[];
  /** The tab the panel hangs under; the panel is kept inside the header's content width. */
  getAnchor(): HTMLElement | null;
  onMouseEnter(): void;
  onMouseLeave(): void;
  onEntryClick(): void;
}

/** Columns of entries, each a name with a one-line description and an optional NEW tag (000 §2.5). */
export function HoverMenuPanel({
  tab,
  columns,
  getAnchor,
  onMouseEnter,
  onMouseLeave,
  onEntryClick,
}: HoverMenuPanelProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const [left, setLeft] = useState<number | null>(null);

  // Measured before paint: the panel starts under its tab and slides left only as far as needed to fit.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    const container = panel?.offsetParent as HTMLElement | null;
    const anchor = getAnchor();
    if (!panel || !container || !anchor) return;
    const wanted = anchor.getBoundingClientRect().left - container.getBoundingClientRect().left - 16;
    setLeft(Math.max(0, Math.min(wanted, container.clientWidth - panel.offsetWidth)));
  }, [getAnchor]);

  const wide = columns.length > 4;
  return (
    <div
      ref={panelRef}
      className={`hover-menu${wide ? ' hover-menu-wide' : ''}`}
      style={{ left: left ?? 0, visibility: left === null ? 'hidden' : undefined }}
      role="menu"
      data-testid={`header-menu-${tab}`}
      onMouseEnter={onMouseEnter}
      onMouseLeave={onMouseLeave}
    >
      {columns.map((column) => (
        <section key={column.title} className="hover-menu-column">
          <h4 className="hover-menu-title">{column.title}</h4>
          {column.entries.map((entry) => (
            <MenuLink key={entry.to} entry={entry} className="hover-menu-entry" onClick={onEntryClick}>
              <span className="hover-menu-name">
                <span>{entry.name}</span>
                {entry.isNew && <span className="new-tag">NEW</span>}
              </span>
              <span className="tool-desc" title={entry.description}>
                {entry.description}
              </span>
            </MenuLink>
          ))}
        </section>
      ))}
    </div>
  );
}

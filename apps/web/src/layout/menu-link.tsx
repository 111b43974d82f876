import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../stores/session';
import { passLoginGate } from './login-gate';
import { externalHref, type MenuEntry } from './menu-config';

interface MenuLinkProps {
  entry: MenuEntry;
  className?: string;
  children: ReactNode;
  /** Runs on every click, before navigation (the hover menu closes and locks itself). */
  onClick?: () => void;
}

/**
 * A link to a menu entry, shared by the header menus and the home workbench so both treat external
 * sites and login-needed entries the same way (000 §2.2, §6).
 */
export function MenuLink({ entry, className, children, onClick }: MenuLinkProps) {
  const token = useSession((state) => state.token);
  const uid = useSession((state) => state.uid);
  if (entry.external) {
    return (
      <a
        className={className}
        href={externalHref(entry, { token, uid })}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onClick}
      >
        {children}
      </a>
    );
  }
  const handleClick = (event: MouseEvent) => {
    onClick?.();
    if (entry.needLogin && !passLoginGate(entry.to)) event.preventDefault();
  };
  return (
    <Link className={className} to={entry.to} onClick={handleClick}>
      {children}
    </Link>
  );
}

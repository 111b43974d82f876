import type { ComponentType } from 'react';
import { Link } from 'react-router';

export interface IconTabProps {
  to: string;
  icon: ComponentType;
  name: string;
  description: string;
  selected: boolean;
  /**
   * The page's class block, which lays the tab out: `block`, `block--active`, `block__text`,
   * `block__name` and `block__description`; the icon tile is the shared `.tab-icon`.
   */
  block: string;
  'data-board'?: string;
}

/** A board's tab (topics, keyword boards): a link with its icon tile, its name and a line under it. */
export function IconTab({ to, icon: Icon, name, description, selected, block, ...rest }: IconTabProps) {
  return (
    <Link
      to={to}
      className={`${block}${selected ? ` ${block}--active` : ''}`}
      aria-current={selected ? 'page' : undefined}
      {...rest}
    >
      <span className="tab-icon" aria-hidden="true">
        <Icon />
      </span>
      <span className={`${block}__text`}>
        <span className={`${block}__name`}>{name}</span>
        <span className={`${block}__description`}>{description}</span>
      </span>
    </Link>
  );
}

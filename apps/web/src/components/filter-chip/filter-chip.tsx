import type { ReactNode } from 'react';
import '../components.css';

export interface FilterChipProps {
  /** Whether the filter is on (filled in the brand colour, `aria-pressed`). */
  active: boolean;
  onClick(): void;
  /** A class of the caller's beside the chip's own. */
  className?: string;
  children: ReactNode;
}

/** A round toggle button of a filter row (the creator library's filters, a board's industries). */
export function FilterChip({ active, onClick, className, children }: FilterChipProps) {
  const classes = ['filter-chip', className, active && 'filter-chip--active'].filter(Boolean).join(' ');
  return (
    <button type="button" className={classes} aria-pressed={active} onClick={onClick}>
      {children}
    </button>
  );
}

import type { ReactNode } from 'react';
import '../components.css';

export interface CentreSectionProps {
  /** The h2's id, which labels the section. */
  titleId: string;
  title: ReactNode;
  /** The section's own modifier classes (`fav-section`, `usage-log`, …). */
  className?: string;
  children?: ReactNode;
}

/**
 * One section of the personal centre (/setting, 000 §2.3): a region labelled by its h2. Shared because
 * the centre shows sections owned by several features (setting, orders, permissions, publishing).
 */
export function CentreSection({ titleId, title, className, children }: CentreSectionProps) {
  const classes = ['setting-section', className].filter(Boolean).join(' ');
  return (
    <section className={classes} aria-labelledby={titleId}>
      <h2 id={titleId} className="setting-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';

/**
 * A card of the keyword detail page: the section frame with its title on the left of the head and,
 * on the right, what the caller puts there (a `.kd-card__extra` note, a switch).
 */
export function DetailCard({
  title,
  extra,
  className,
  testId,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={`section-card kd-card${className ? ` ${className}` : ''}`} data-testid={testId}>
      <header className="kd-card__header">
        <h2 className="section-card__title">{title}</h2>
        {extra}
      </header>
      {children}
    </section>
  );
}

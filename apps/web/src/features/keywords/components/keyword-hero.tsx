import type { CSSProperties, ReactNode } from 'react';

export interface KeywordHeroProps {
  icon: ReactNode;
  title: string;
  subtitle: ReactNode;
  /** Right side of the heading row (the 'find words' box). */
  aside?: ReactNode;
  accent: string;
  /**
   * The box height event's value (000 §4: 241 single, 318 batch): the hero is at least this tall, so
   * switching modes grows the page top by the spec's step instead of jumping by the content.
   */
  searchHeight: number;
  children: ReactNode;
}

/** The top of a keyword page: heading, the 'find words' box and the search box. */
export function KeywordHero({ icon, title, subtitle, aside, accent, searchHeight, children }: KeywordHeroProps) {
  return (
    <section className="kw-hero" style={{ '--accent': accent } as CSSProperties}>
      <div className="kw-hero-inner" style={{ minHeight: searchHeight }}>
        <div className="page-hero page-hero--top kw-hero-head">
          <div className="kw-hero-heading">
            <span className="kw-hero-icon">{icon}</span>
            <div>
              <h1 className="kw-hero-title">{title}</h1>
              <p className="kw-hero-subtitle">{subtitle}</p>
            </div>
          </div>
          {aside}
        </div>
        <div className="kw-hero-search">{children}</div>
      </div>
    </section>
  );
}

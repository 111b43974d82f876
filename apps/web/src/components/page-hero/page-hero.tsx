import type { ReactNode } from 'react';

export interface PageHeroProps {
  title: ReactNode;
  /** The line under the title; none when undefined. */
  subtitle?: ReactNode;
  /**
   * `page`: a library or board page's hero (榜单, 达人库, 选题素材库); `tool`: an AI tool's hero at the
   * top of its page (AI创作, 直播复盘), with the tool pages' title and subtitle.
   */
  look?: 'page' | 'tool';
  /** The page's own modifier classes (`cr-hero`, `wr-hero`, …). */
  className?: string;
  /** What stands beside the title: a search box, the page's links or buttons. */
  children?: ReactNode;
}

/** The header of a page: its h1 and subtitle on one side, the page's own controls on the other. */
export function PageHero({ title, subtitle, look = 'page', className, children }: PageHeroProps) {
  const part = look === 'tool' ? 'tool-hero' : 'page-hero';
  const classes = ['page-hero', look === 'tool' && 'page-hero--top', className].filter(Boolean).join(' ');
  return (
    <header className={classes}>
      <div>
        <h1 className={`${part}__title`}>{title}</h1>
        {subtitle !== undefined && <p className={`${part}__subtitle`}>{subtitle}</p>}
      </div>
      {children}
    </header>
  );
}

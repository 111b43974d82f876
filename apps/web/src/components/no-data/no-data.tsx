import type { CSSProperties, ReactNode } from 'react';
import '../components.css';

/** The empty-list text (000 §8, 002 §8): 'no data yet' shown in Chinese. */
export const NO_DATA_TEXT = '暂无数据';

export interface NoDataProps {
  /** Replaces 暂无数据, e.g. 暂无观众画像 or 数据较少，暂时无法分析 (002 §2). */
  text?: ReactNode;
  /** `small` for table cells, cards and charts. */
  size?: 'default' | 'small';
  /** Hides the illustration, leaving the text. */
  hideImage?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** An empty tray under a magnifier, drawn in the current text colour so it suits both themes. */
function EmptyArt() {
  return (
    <svg className="dso-no-data__art" viewBox="0 0 160 112" fill="none" aria-hidden="true">
      <ellipse cx="80" cy="100" rx="60" ry="7" fill="currentColor" fillOpacity="0.12" />
      <path
        d="M30 58l14-30a6 6 0 0 1 5.5-3.5h61a6 6 0 0 1 5.5 3.5l14 30v30a6 6 0 0 1-6 6H36a6 6 0 0 1-6-6z"
        fill="currentColor"
        fillOpacity="0.08"
        stroke="currentColor"
        strokeOpacity="0.45"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M30 58h30a4 4 0 0 1 4 4 16 16 0 0 0 32 0 4 4 0 0 1 4-4h30"
        stroke="currentColor"
        strokeOpacity="0.45"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="112" cy="30" r="13" style={{ stroke: 'var(--dso-brand, #3b6cff)' }} strokeWidth="4" />
      <path d="M121.5 39.5l9 9" style={{ stroke: 'var(--dso-brand, #3b6cff)' }} strokeWidth="4" strokeLinecap="round" />
      <path
        d="M52 16l3 6M68 10v7M40 26l6 3"
        stroke="currentColor"
        strokeOpacity="0.4"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The no-data placeholder (000 §2.7): an illustration over 暂无数据 or a custom text. */
export function NoData({ text = NO_DATA_TEXT, size = 'default', hideImage = false, className, style }: NoDataProps) {
  const classes = ['dso-no-data', size === 'small' && 'dso-no-data--small', className].filter(Boolean).join(' ');
  return (
    <div className={classes} style={style} role="status">
      {!hideImage && <EmptyArt />}
      <span className="dso-no-data__text">{text}</span>
    </div>
  );
}

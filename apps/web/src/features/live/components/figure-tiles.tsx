import type { ReactNode } from 'react';

export interface FigureTile {
  key: string;
  label: string;
  value: ReactNode;
}

/** A row of head figures: label above, the figure large below. */
export function FigureTiles({ tiles, size = 'default' }: { tiles: FigureTile[]; size?: 'default' | 'large' }) {
  return (
    <ul className={`lv-figures${size === 'large' ? ' lv-figures--large' : ''}`}>
      {tiles.map((tile) => (
        <li key={tile.key} className="surface-box figure-tile" data-testid={`live-figure-${tile.key}`}>
          <span className="figure-tile__label">{tile.label}</span>
          <b className="lv-figures__value">{tile.value}</b>
        </li>
      ))}
    </ul>
  );
}

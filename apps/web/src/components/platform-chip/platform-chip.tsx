import type { CSSProperties } from 'react';
import type { PlatformInfo } from '../../lib/platforms';

export interface PlatformChipProps {
  platform: PlatformInfo;
  active: boolean;
  /** The place's own class (width, padding, background); the rest of the look is .platform-chip's. */
  className: string;
  onClick(): void;
  'data-platform'?: string;
}

/** A platform's tab (the keyword search box, the home search): its icon, its name and its daily cover. */
export function PlatformChip({ platform, active, className, onClick, ...rest }: PlatformChipProps) {
  const Icon = platform.icon;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={active}
      className={`platform-chip ${className}${active ? ' is-active' : ''}`}
      style={{ '--accent': platform.color } as CSSProperties}
      onClick={onClick}
      {...rest}
    >
      <Icon />
      <span className="platform-chip__name">{platform.name}</span>
      <span className="platform-chip__hint">日覆盖{platform.coverage}</span>
    </button>
  );
}

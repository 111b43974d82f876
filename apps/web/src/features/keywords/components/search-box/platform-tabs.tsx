import type { CSSProperties } from 'react';
import { type PlatformKey, platformTabsFor } from '../../keyword-libraries';

/**
 * The platform tabs above the box (000 §2.6): each library with its daily coverage hint; TikTok only
 * on the overseas page. The highlight follows `active` at once; the page follows the parent's switch.
 */
export function PlatformTabs({
  platform,
  active,
  onSwitch,
}: {
  /** The page's library, which decides whether TikTok is offered. */
  platform: PlatformKey;
  active: PlatformKey;
  onSwitch(next: PlatformKey): void;
}) {
  return (
    <div className="kw-platforms" role="tablist" aria-label="选择平台">
      {platformTabsFor(platform).map((item) => {
        const Icon = item.icon;
        const isActive = item.key === active;
        return (
          <button
            key={item.key}
            type="button"
            role="tab"
            aria-selected={isActive}
            className={`platform-chip kw-platform${isActive ? ' is-active' : ''}`}
            style={{ '--accent': item.color } as CSSProperties}
            onClick={() => onSwitch(item.key)}
            data-platform={item.key}
          >
            <Icon />
            <span className="kw-platform-name">{item.name}</span>
            <span className="kw-platform-hint">日覆盖{item.coverage}</span>
          </button>
        );
      })}
    </div>
  );
}

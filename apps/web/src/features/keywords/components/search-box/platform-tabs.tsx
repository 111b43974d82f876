import { PlatformChip } from '../../../../components';
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
      {platformTabsFor(platform).map((item) => (
        <PlatformChip
          key={item.key}
          platform={item}
          active={item.key === active}
          className="kw-platform"
          onClick={() => onSwitch(item.key)}
          data-platform={item.key}
        />
      ))}
    </div>
  );
}

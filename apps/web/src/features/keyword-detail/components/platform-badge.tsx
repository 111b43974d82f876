import type { Platform } from '@dso/contract';
import type { CSSProperties } from 'react';
import { platformInfo } from '../../../lib/platforms';

/** A library's name on its brand colour; TSO adds the country code. */
export function PlatformBadge({ platform, country }: { platform: Platform; country?: string | null }) {
  const meta = platformInfo(platform);
  return (
    <span className="kd-platform-badge" style={{ '--kd-platform': meta.color } as CSSProperties}>
      <span className="kd-platform-badge__dot" aria-hidden="true" />
      {meta.name}
      {platform === 'TSO' && country ? <span className="kd-platform-badge__country">{country}</span> : null}
    </span>
  );
}

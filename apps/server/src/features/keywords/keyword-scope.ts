import type { Platform } from '@dso/contract';

/** A library: the platform, plus the country for TSO ('' elsewhere). */
export interface KeywordScope {
  platform: Platform;
  country: string;
}

/** The gram prefix of a scope ('DSO', 'TSOUS'). */
export function scopeKey(scope: KeywordScope): string {
  return `${scope.platform}${scope.country}`;
}

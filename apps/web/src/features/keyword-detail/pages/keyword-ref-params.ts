import type { Platform } from '@dso/contract';
import { DEFAULT_COUNTRY } from '../../../lib/platforms';
import type { KeywordRef } from '../api/get-keyword-detail';

/**
 * The keyword an address names, for the detail and the share page alike: `keyword` trimmed, and for TSO
 * `country` upper-cased, US when missing.
 */
export function keywordRefOfParams(platform: Platform, params: URLSearchParams): KeywordRef {
  const keyword = params.get('keyword')?.trim() ?? '';
  const country = platform === 'TSO' ? params.get('country')?.trim().toUpperCase() || DEFAULT_COUNTRY : undefined;
  return { platform, country, keyword };
}

import type { PlatformInfo } from '../../lib/platforms';

/**
 * Where the home search goes (000 §2.5): the AI keyword page when 'AI选词' is on, otherwise the
 * chosen platform's search words page, with the keyword as query.
 */
export function homeSearchTarget(options: { platform: PlatformInfo; keyword: string; aiPick: boolean }): string {
  const query = `?keyword=${encodeURIComponent(options.keyword)}`;
  return options.aiPick ? `/keyWordSeo${query}` : `${options.platform.root}/searchWord${query}`;
}

import { KeywordPath, type Platform, type RootWord } from '@dso/contract';
import { request } from '../../../lib/api/client';

/**
 * Root words of a long keyword, with their figures when the library has them. Asked right before a
 * search, so it is a plain call; a failure leaves the search to go ahead (codes ignored, 000 §7).
 */
export async function fetchRootWords(platform: Platform, keyword: string): Promise<RootWord[]> {
  const words = await request<RootWord[]>(KeywordPath.rootWords, { query: { keyword, platform }, silent: true });
  return Array.isArray(words) ? words : [];
}

import { KeywordPath, type Platform, type RootWord } from '@dso/contract';
import { requestList } from '../../../lib/api/request-list';

/**
 * Root words of a long keyword, with their figures when the library has them. Asked right before a
 * search, so it is a plain call; a failure leaves the search to go ahead (codes ignored, 000 §7).
 */
export async function fetchRootWords(platform: Platform, keyword: string): Promise<RootWord[]> {
  return requestList<RootWord>(KeywordPath.rootWords, { query: { keyword, platform } });
}

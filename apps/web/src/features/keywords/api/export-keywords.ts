import { KeywordDetailPath } from '@dso/contract';
import { requestFile } from '../../../lib/api/client';
import type { SearchKeywordsRequest } from './search-keywords';

/** `POST /api/keyword/export`: the search body; success is the .xlsx file itself, failures the usual envelope. */
export function exportKeywords(body: SearchKeywordsRequest): Promise<{ blob: Blob; filename: string | null }> {
  return requestFile(KeywordDetailPath.export, { method: 'POST', body });
}

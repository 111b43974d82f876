import { KeywordDetailPath } from '@dso/contract';
import { requestFile } from '../../../lib/api/client';
import type { SearchKeywordsRequest } from './search-keywords';

/** `POST /api/keyword/export`: the search body; success is the .xlsx file itself, failures the usual envelope. */
export function exportKeywords(body: SearchKeywordsRequest): Promise<{ blob: Blob; filename: string | null }> {
  return requestFile(KeywordDetailPath.export, { method: 'POST', body });
}

/** Saves a downloaded file through a temporary link. */
export function saveFile(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

import {
  EXTRACTION_ALIAS,
  EXTRACTION_ID_SEPARATOR,
  type Extraction,
  type ExtractionBatchResult,
  type ExtractionList,
  ExtractionPath,
  extractionLimits,
} from '@dso/contract';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { pageQuery } from '../../../lib/api/page-query';
import { fetchPermissionUse, useRemainingUses } from '../../permissions';

/** Query keys of copy extraction: the remaining count and the history pages. */
export const extractionKeys = {
  all: ['extraction'] as const,
  use: ['extraction', 'use'] as const,
  history: (page: number, size: number) => ['extraction', 'history', page, size] as const,
  detail: (id: number) => ['extraction', 'detail', id] as const,
};

/** `POST /api/extraction/extract`: one video's transcript (a share link, a video address or an aweme id). */
export function extractVideo(link: string) {
  return request<Extraction>(ExtractionPath.extract, { method: 'POST', body: { link } });
}

/** `POST /api/extraction/batch` (002 §7): a multipart form of the ids joined by the separator, plus a flag. */
export function submitBatchExtraction(awemeIds: readonly string[]) {
  const form = new FormData();
  form.append('aweme_ids', awemeIds.join(EXTRACTION_ID_SEPARATOR));
  form.append('flag', '1');
  return request<ExtractionBatchResult>(ExtractionPath.batch, { method: 'POST', body: form });
}

export function removeExtraction(id: number) {
  return request<null>(ExtractionPath.remove, { method: 'POST', body: { id } });
}

export function getExtraction(id: number) {
  return request<Extraction>(ExtractionPath.detail, { query: { id } });
}

/** The AI_WRITING_BATCH_EXTRACTION count of the signed-in user: per_val and use_val. */
export const extractionUseQuery = () =>
  queryOptions({
    queryKey: extractionKeys.use,
    queryFn: ({ signal }) => fetchPermissionUse(EXTRACTION_ALIAS, signal),
    // Extractions in another tab (the dialog opens the page in one) change it: ask again on return.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

/** Remaining extractions (per_val − use_val, never below 0); null while unknown or signed out. */
export const useExtractionRemaining = () => useRemainingUses(extractionUseQuery());

/** One batch's rows (at most 100), to follow its progress. */
export const extractionBatchQuery = (batchId: string) =>
  queryOptions({
    queryKey: [...extractionKeys.all, 'batch', batchId] as const,
    queryFn: ({ signal }) =>
      request<ExtractionList>(ExtractionPath.list, {
        query: { page_no: 1, page_size: extractionLimits.pageSizeMax, batch_id: batchId },
        signal,
      }),
  });

export const extractionHistoryQuery = (page: number, size: number) =>
  pageQuery<ExtractionList>({ queryKey: extractionKeys.history(page, size), path: ExtractionPath.list, page, size });

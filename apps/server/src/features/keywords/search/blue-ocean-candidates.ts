import type { KeywordRow } from '@dso/contract';
import type { Database } from '../../../db/client';
import type { KeywordRecord } from '../keyword-record';
import { runSearch } from './keyword-search.repository';
import { presentRow, type Viewer } from './keywords.service';

/**
 * The DSO library's blue-ocean words for a core word (all of them without one), most searched first:
 * AI 选词's candidates. Each as the record (exact figures, for ranking on the server) and
 * as the row this viewer sees in the library (banded unless show_original_data). Reading candidates
 * is not a library search: it spends no search count and records no history.
 */
export async function blueOceanCandidates(
  db: Database,
  viewer: Viewer,
  keyword: string,
  limit: number,
): Promise<Array<{ record: KeywordRecord; row: KeywordRow }>> {
  const { rows } = await runSearch(db, {
    scope: { platform: 'DSO', country: '' },
    words: keyword ? [keyword] : [],
    filters: { blue_ocean: true },
    sort: 'search_index',
    order: 'desc',
    limit,
    offset: 0,
  });
  return rows.map((record) => ({ record, row: presentRow(record, viewer) }));
}

import type { RelatedList, RelatedQuery } from '@dso/contract';
import { relationStrength } from '@dso/domain';
import type { Database } from '../../../db/client';
import type { KeywordRecord } from '../keyword-record';
import { mainWordOf, rootPhrasesOf } from '../keyword-words';
import {
  choosePlan,
  countMatches,
  type KeywordScope,
  type SearchQuery,
  selectPage,
} from '../search/keyword-search.repository';
import { presentRow, type Viewer } from '../search/keywords.service';
import * as repository from './keyword-details.repository';
import { PAGE_MAX_ALIAS, pageWithin, rowsAllowed, scopeFor } from './page-limits.service';

/** The related-word tabs of a keyword: drop-down, correlation, industry and root words. */

/**
 * One page of a search through the search engine with the keyword itself left out. The engine cannot
 * exclude a row, so one extra row is read and the page shifted by one when the keyword sorts before
 * it: the pages stay contiguous and never repeat a row.
 */
async function searchExcluding(db: Database, query: SearchQuery, self: KeywordRecord | null) {
  const choice = await choosePlan(db, query);
  const [wide, counted] = await Promise.all([
    query.limit > 0 ? selectPage(db, { ...query, limit: query.limit + 1 }, choice) : Promise.resolve([]),
    countMatches(db, query, choice.estimates),
  ]);
  if (!self) return { rows: wide.slice(0, query.limit), total: counted.total, estimated: counted.estimated };
  const total = Math.max(0, counted.total - 1);
  if (wide.some((row) => row.id === self.id)) {
    return {
      rows: wide.filter((row) => row.id !== self.id).slice(0, query.limit),
      total,
      estimated: counted.estimated,
    };
  }
  const first = wide[0];
  const selfFirst =
    first !== undefined &&
    (self.search_index > first.search_index || (self.search_index === first.search_index && self.id > first.id));
  return {
    rows: selfFirst ? wide.slice(1, query.limit + 1) : wide.slice(0, query.limit),
    total,
    estimated: counted.estimated,
  };
}

/** The related-word tabs: sug, correlation, industry and root words (docs/keywords.md). */
export async function relatedKeywords(db: Database, viewer: Viewer, query: RelatedQuery): Promise<RelatedList> {
  const scope = scopeFor(query);
  const keyword = query.keyword.trim();
  const dataMax = await rowsAllowed(db, viewer, PAGE_MAX_ALIAS);
  const page = pageWithin(query.page_no, query.page_size, dataMax);
  const self = await repository.findKeyword(db, scope, keyword);
  let rows: KeywordRecord[] = [];
  let total = 0;
  let estimated = false;
  let mainWord: string | null = null;

  if (query.relation === 'sug') {
    // The source's 下拉词 when a collection stored them (docs/collection.md), else the words starting with it.
    const stored = self ? await repository.selectStoredRelations(db, self.id, 'sug', page) : null;
    if (stored) {
      rows = stored.rows;
      total = stored.total;
    } else {
      const [found, counted] = await Promise.all([
        repository.selectPrefixPage(db, scope, keyword, page),
        repository.countPrefix(db, scope, keyword),
      ]);
      rows = found;
      total = counted.total;
      estimated = counted.estimated;
    }
  } else if (query.relation === 'correlation') {
    mainWord = mainWordOf(keyword);
    const stored = self ? await repository.selectStoredRelations(db, self.id, 'correlation', page) : null;
    if (stored) {
      rows = stored.rows;
      total = stored.total;
    } else {
      const matchesSelf = self?.keyword.toLowerCase().includes(mainWord.toLowerCase()) ? self : null;
      const found = await searchExcluding(db, searchQuery(scope, [mainWord], {}, page), matchesSelf);
      ({ rows, total, estimated } = found);
    }
  } else if (query.relation === 'industry') {
    if (self?.industry) {
      const found = await searchExcluding(db, searchQuery(scope, [], { industry: self.industry }, page), self);
      ({ rows, total, estimated } = found);
    }
  } else {
    const roots = await repository.findKeywords(db, scope, rootPhrasesOf(keyword));
    total = roots.length;
    rows = roots.slice(page.offset, page.offset + page.limit);
  }

  return {
    relation: query.relation,
    main_word: mainWord,
    total_record: total,
    total_estimated: estimated,
    data_max: dataMax,
    user_grade: viewer.grade,
    // Each word with how strongly it is tied to the keyword; its own growth_rate says where it is heading.
    result: rows.map((row) => ({
      ...presentRow(row, viewer),
      relation_strength: relationStrength({
        keyword,
        related: row.keyword,
        sameIndustry: Boolean(self?.industry) && self?.industry === row.industry,
        keywordIndex: self?.search_index ?? null,
        relatedIndex: row.search_index,
      }),
    })),
  };
}

function searchQuery(
  scope: KeywordScope,
  words: string[],
  filters: SearchQuery['filters'],
  page: { limit: number; offset: number },
): SearchQuery {
  return { scope, words, filters, sort: 'search_index', order: 'desc', limit: page.limit, offset: page.offset };
}

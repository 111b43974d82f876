import { type BoardList, type BoardQuery, boardTitles } from '@dso/contract';
import type { Database } from '../../../db/client';
import * as repository from '../detail/keyword-details.repository';
import { pageWithin, ROWS_ALIAS, rowsAllowed, scopeFor } from '../detail/page-limits.service';
import { presentRow, type Viewer } from '../search/keywords.service';
import { INDUSTRY_BOARDS } from './keyword-boards';

/** The hot boards as a viewer reads them (000 §2.3). */

/** One hot board (000 §2.3), cut to the rows the viewer may see. */
export async function keywordBoard(
  db: Database,
  viewer: Viewer,
  query: BoardQuery,
  /** Where the boards are read (`app.readDb`, a replica); the viewer's row allowance stays on `db`. */
  boardsDb: Database = db,
): Promise<BoardList> {
  const scope = scopeFor(query);
  const industry = query.industry?.trim() ?? '';
  // Industry boards rank each industry apart; the others keep their overall ranks, filtered.
  const partition = INDUSTRY_BOARDS.has(query.board) ? industry : '';
  const keywordIndustry = INDUSTRY_BOARDS.has(query.board) ? '' : industry;
  const dataMax = await rowsAllowed(db, viewer, ROWS_ALIAS);
  const base = { board: query.board, title: boardTitles[query.board], industry: industry || null };
  const asOf = await repository.latestBoardDay(boardsDb, { board: query.board, ...scope, industry: partition });
  if (!asOf) return { ...base, as_of: null, total_record: 0, data_max: dataMax, user_grade: viewer.grade, result: [] };
  const page = pageWithin(query.page_no, query.page_size, dataMax);
  const { rows, total } = await repository.selectBoardPage(
    boardsDb,
    { board: query.board, ...scope, industry: partition, asOf, keywordIndustry },
    page,
  );
  return {
    ...base,
    as_of: asOf,
    total_record: total,
    data_max: dataMax,
    user_grade: viewer.grade,
    result: rows.map((row) => ({ ...presentRow(row, viewer), rank: row.rank, rank_change: row.rank_change })),
  };
}

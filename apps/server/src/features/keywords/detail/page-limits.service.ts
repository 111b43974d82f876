import type { Platform } from '@dso/contract';
import { shanghaiDay } from '@dso/domain';
import type { Database } from '../../../db/client';
import { checkPermission, consumePermission, getPermissionUse } from '../../permissions';
import type { KeywordScope } from '../search/keyword-search.repository';
import { GUEST_ROWS, scopeOf, type Viewer } from '../search/keywords.service';
import * as repository from './keyword-details.repository';

/**
 * What a viewer may see and spend on the keyword pages: the permission aliases, the rows a list may
 * reach, the slice of a page within them, and the day's detail opens.
 */

export const DETAIL_COUNT_ALIAS = 'KEYWORD_LIBRARY_DETAIL_COUNT_DAY';
export const ROWS_ALIAS = 'KEYWORD_LIBRARY_ROWS';
export const PAGE_MAX_ALIAS = 'KEYWORD_LIBRARY_PAGE_MAX';

/** A request's library: `scopeOf` with TSO's default country. */
export function scopeFor(query: { platform: Platform; country?: string | undefined }): KeywordScope {
  return scopeOf({ platform: query.platform, country: query.country });
}

/**
 * Rows this viewer may reach in a list: visitors a few (then the login prompt), users their grade's
 * value of the alias (KEYWORD_LIBRARY_ROWS for boards and topic lists, KEYWORD_LIBRARY_PAGE_MAX for
 * paged tables such as the related words).
 */
export async function rowsAllowed(db: Database, viewer: Viewer, alias: string): Promise<number> {
  if (viewer.userId === null) return GUEST_ROWS;
  const check = await checkPermission(db, viewer.userId, alias);
  return check.value ?? GUEST_ROWS;
}

/** The slice of a list a viewer may see on a page: nothing past the cap. */
export function pageWithin(pageNo: number, pageSize: number, dataMax: number) {
  const offset = (pageNo - 1) * pageSize;
  return { offset, limit: Math.max(0, Math.min(pageSize, dataMax - offset)) };
}

/**
 * Spends the day's detail count for the first open of a keyword today; reopening it is free. The open
 * is recorded before spending, so two tabs opening the same word at once spend one count; when the
 * count cannot be spent the record is taken back and the 810 refusal goes to the client.
 */
export async function spendDetailOpen(db: Database, userId: number, scope: string, keyword: string) {
  const view = { userId, day: shanghaiDay(new Date()), scope, keyword };
  const first = await repository.recordDetailView(db, view);
  if (!first) return { use: await getPermissionUse(db, userId, DETAIL_COUNT_ALIAS), reopened: true };
  try {
    return {
      use: await consumePermission(db, { userId, alias: DETAIL_COUNT_ALIAS, reason: keyword }),
      reopened: false,
    };
  } catch (error) {
    await repository.forgetDetailView(db, view);
    throw error;
  }
}

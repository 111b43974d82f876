import { Code, defaultMessages, type OpenEndpointName, openEndpoints } from '@dso/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type ApiCaller, spendApiUnits } from '../api-keys';
import { creatorList } from '../creators';
import {
  keywordBoard,
  openKeywordDetail,
  openKeywordTrend,
  relatedKeywords,
  scopeOf,
  searchKeywords,
  selectSuggestions,
} from '../keywords';
import { listMonitorItems } from '../monitoring';
import { creatorProfile, searchVideoList, videoDetail } from '../videos';

/**
 * The open calls, one function per endpoint of `openEndpoints`: the input as its schema
 * parsed it → the product's own service, as the web route calls it → the service's answer. The open
 * routes (`/open/v1/…`) and the MCP tools both call these, so a program sees what the web shows the key's
 * owner, with the owner's grade (the viewer) and its depth limits.
 */

/** What an endpoint's schema gives once it has parsed the request. */
export type OpenInput<N extends OpenEndpointName> = z.output<(typeof openEndpoints)[N]['input']>;

/** The suggestions the web's search box shows: up to 10. */
const SUGGESTION_LIMIT = 10;

export const openKeywordSearch = (db: Database, caller: ApiCaller, input: OpenInput<'keywordSearch'>) =>
  // A program's searches are not the member's search history.
  searchKeywords(db, caller.viewer, { ...input, history_type: undefined });

export const openKeywordDetailCall = (db: Database, caller: ApiCaller, input: OpenInput<'keywordDetail'>) =>
  openKeywordDetail(db, caller.viewer, input);

export const openKeywordTrendCall = (db: Database, caller: ApiCaller, input: OpenInput<'keywordTrend'>) =>
  openKeywordTrend(db, caller.viewer, input);

export const openKeywordRelated = (db: Database, caller: ApiCaller, input: OpenInput<'keywordRelated'>) =>
  relatedKeywords(db, caller.viewer, input);

export const openKeywordBoard = (db: Database, caller: ApiCaller, input: OpenInput<'keywordBoard'>) =>
  keywordBoard(db, caller.viewer, input);

export const openKeywordSuggestions = (db: Database, _caller: ApiCaller, input: OpenInput<'keywordSuggestions'>) =>
  selectSuggestions(db, scopeOf({ platform: input.platform, country: input.country }), input.keyword, SUGGESTION_LIMIT);

export const openVideoSearch = (db: Database, caller: ApiCaller, input: OpenInput<'videoSearch'>) =>
  searchVideoList(db, caller.userId, input);

export const openVideoDetail = (db: Database, caller: ApiCaller, input: OpenInput<'videoDetail'>) =>
  videoDetail(db, caller.userId, input.awemeId);

export const openCreatorSearch = (db: Database, caller: ApiCaller, input: OpenInput<'creatorSearch'>) =>
  creatorList(db, caller.userId, input);

export const openCreatorProfile = (db: Database, caller: ApiCaller, input: OpenInput<'creatorProfile'>) =>
  creatorProfile(db, caller.userId, input.userId);

export const openMonitorRanks = (db: Database, caller: ApiCaller, input: OpenInput<'monitorRanks'>) =>
  listMonitorItems(db, caller.userId, input);

type OpenCall<N extends OpenEndpointName> = (db: Database, caller: ApiCaller, input: OpenInput<N>) => Promise<unknown>;

/** Each endpoint's function, by the endpoint's name. */
export const openCalls: { [N in OpenEndpointName]: OpenCall<N> } = {
  keywordSearch: openKeywordSearch,
  keywordDetail: openKeywordDetailCall,
  keywordTrend: openKeywordTrendCall,
  keywordRelated: openKeywordRelated,
  keywordBoard: openKeywordBoard,
  keywordSuggestions: openKeywordSuggestions,
  videoSearch: openVideoSearch,
  videoDetail: openVideoDetail,
  creatorSearch: openCreatorSearch,
  creatorProfile: openCreatorProfile,
  monitorRanks: openMonitorRanks,
};

/**
 * One open call with input its schema has already parsed (the routes: Fastify validated it): the
 * endpoint's units are taken, the call runs, and the units come back if it fails.
 */
export function spendOpenCall<N extends OpenEndpointName>(
  db: Database,
  caller: ApiCaller,
  name: N,
  input: OpenInput<N>,
): Promise<unknown> {
  const endpoint = openEndpoints[name];
  const subject = subjectOf(input);
  const what = subject ? `${endpoint.summary} ${subject}` : endpoint.summary;
  return spendApiUnits(db, caller, { units: endpoint.units, what }, () =>
    (openCalls[name] as OpenCall<N>)(db, caller, input),
  );
}

/** What a call asked about, for its ledger row (关键词详情 口红): the keyword, video or creator. */
function subjectOf(input: object): string {
  const fields = input as { keyword?: unknown; keywords?: unknown; awemeId?: unknown; userId?: unknown };
  const subject =
    fields.keyword ||
    (Array.isArray(fields.keywords) ? fields.keywords.join('、') : '') ||
    fields.awemeId ||
    fields.userId;
  return typeof subject === 'string' ? subject.slice(0, 60) : '';
}

/**
 * Parses raw input with the endpoint's schema: 400 with the first issue's Chinese message, as the
 * routes answer a failed validation. Nothing is spent on input that does not parse.
 */
export function parseOpenInput<N extends OpenEndpointName>(name: N, raw: unknown): OpenInput<N> {
  const parsed = openEndpoints[name].input.safeParse(raw ?? {});
  if (parsed.success) return parsed.data as OpenInput<N>;
  const message = parsed.error.issues[0]?.message;
  throw new AppError(
    Code.BAD_REQUEST,
    message && /[\u4e00-\u9fa5]/.test(message) ? message : defaultMessages[Code.BAD_REQUEST],
  );
}

/** One open call from raw input (the MCP tools' arguments): parse, then spend and run as `spendOpenCall`. */
export function runOpenCall<N extends OpenEndpointName>(
  db: Database,
  caller: ApiCaller,
  name: N,
  raw: unknown,
): Promise<unknown> {
  const input = parseOpenInput(name, raw);
  return spendOpenCall(db, caller, name, input);
}

import {
  deleteHistoryBodySchema,
  historyQuerySchema,
  KeywordPath,
  type Platform,
  type PopularType,
  popularTypeSchema,
  rootWordsQuerySchema,
  searchKeywordsBodySchema,
  suggestionsQuerySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import { type KeywordScope, selectSuggestions } from './keyword-search.repository';
import * as repository from './keywords.repository';
import { presentFigure, resolveViewer, rootWordFigures, scopeOf, searchKeywords } from './keywords.service';

const SUGGESTION_LIMIT = 10;
const POPULAR_LIMIT = 10;
const RANDOM_SEO_LIMIT = 8;

/**
 * The search box and the library list: search, suggestions, history, popular words, root words. The library is read
 * from `app.readDb` (a replica when READ_DATABASE_URL is set); history, quotas and viewers from `app.db`.
 */
export const keywordSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(KeywordPath.search, { schema: { body: searchKeywordsBodySchema } }, async (request) => {
    const viewer = await resolveViewer(app.db, request.userId);
    return ok(await searchKeywords(app.db, viewer, request.body, app.readDb));
  });

  const suggest = (platform: Platform) => async (request: { query: z.infer<typeof suggestionsQuerySchema> }) =>
    ok(
      await selectSuggestions(
        app.readDb,
        scopeOf({ platform, country: request.query.country }),
        request.query.keyword,
        SUGGESTION_LIMIT,
      ),
    );
  app.get(KeywordPath.suggestions, { schema: { querystring: suggestionsQuerySchema } }, suggest('DSO'));
  app.get(KeywordPath.rsoSuggestions, { schema: { querystring: suggestionsQuerySchema } }, suggest('RSO'));
  app.get(KeywordPath.bsoSuggestions, { schema: { querystring: suggestionsQuerySchema } }, suggest('BSO'));

  app.get(KeywordPath.history, { schema: { querystring: historyQuerySchema } }, async (request) => {
    const userId = requireUser(request);
    const lists = [];
    for (const type of request.query.types) {
      lists.push({ type, logs: await repository.selectHistory(app.db, userId, type, request.query.size) });
    }
    return ok(lists);
  });

  app.post(KeywordPath.deleteHistory, { schema: { body: deleteHistoryBodySchema } }, async (request) => {
    const userId = requireUser(request);
    const { types, keyword, batch } = request.body;
    await repository.deleteHistory(app.db, userId, types, batch ? undefined : keyword);
    return ok(null);
  });

  app.get(KeywordPath.popular, { schema: { querystring: z.object({ type: popularTypeSchema }) } }, async (request) => {
    const viewer = await resolveViewer(app.db, request.userId);
    const words = await popularKeywords(request.query.type);
    return ok(words.map((word) => ({ keyword: word.keyword, search_index: presentFigure(word.search_index, viewer) })));
  });

  app.get(KeywordPath.countries, async () => ok(await repository.selectCountries(app.readDb)));

  app.get(KeywordPath.randomSeoWords, async () =>
    ok(await repository.selectRandomBlueOcean(app.readDb, { platform: 'DSO', country: '' }, RANDOM_SEO_LIMIT)),
  );

  app.get(KeywordPath.rootWords, { schema: { querystring: rootWordsQuerySchema } }, async (request) => {
    const viewer = await resolveViewer(app.db, request.userId);
    return ok(await rootWordFigures(app.readDb, viewer, request.query));
  });

  /** What everyone is searching: real recent searches first, topped up from the library's leaders. */
  async function popularKeywords(type: PopularType) {
    const scope: KeywordScope = {
      platform: type.startsWith('rso_') ? 'RSO' : type.startsWith('wso_') ? 'WSO' : 'DSO',
      country: '',
    };
    const kind = type.replace(/^(rso|wso)_/, '');
    const trending = await repository.selectTrendingSearches(app.readDb, type, POPULAR_LIMIT);
    const trendingFigures = await repository.selectKeywordFigures(app.readDb, scope, trending);
    const leaders = await repository.selectTopKeywords(
      app.readDb,
      scope,
      POPULAR_LIMIT * 2,
      kind === 'industry' ? 'commerce' : kind === 'relation' ? 'blue_ocean' : 'all',
    );
    const seen = new Set<string>();
    return [...trendingFigures, ...leaders]
      .filter((word) => !seen.has(word.keyword) && seen.add(word.keyword))
      .slice(0, POPULAR_LIMIT);
  }
};

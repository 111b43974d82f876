import { keywordRankQuerySchema, lowFollowerHitsQuerySchema, VideoPath, videoSearchQuerySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { keywordRankList, lowFollowerHitList, searchVideoList } from './video-lists.service';

/**
 * The video lists: title search (header search 视频), the works ranked under a keyword
 * (/DouyinKeywordSearchRank) and small accounts' breakout works (/DouyinTopic/lowPowderPop). Open:
 * visitors get the guest rows, users their grade's VIDEO_LIBRARY_ROWS (`data_max`).
 */
export const videoListsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(VideoPath.search, { schema: { querystring: videoSearchQuerySchema } }, async (request) =>
    ok(await searchVideoList(app.db, request.userId, request.query, app.readDb)),
  );

  app.get(VideoPath.keywordRank, { schema: { querystring: keywordRankQuerySchema } }, async (request) =>
    ok(await keywordRankList(app.db, request.userId, request.query, app.readDb)),
  );

  app.get(VideoPath.lowFollowerHits, { schema: { querystring: lowFollowerHitsQuerySchema } }, async (request) =>
    ok(await lowFollowerHitList(app.db, request.userId, request.query, app.readDb)),
  );
};

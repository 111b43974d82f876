import {
  boardIndustriesPath,
  boardQuerySchema,
  exportKeywordsBodySchema,
  KeywordDetailPath,
  keywordRefQuerySchema,
  keywordTrendQuerySchema,
  platformSchema,
  relatedQuerySchema,
  tsoTopicDetailQuerySchema,
  tsoTopicsQuerySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import { keywordBoard } from '../boards/keyword-boards.service';
import { exportKeywords } from '../search/keyword-export';
import { resolveViewer, scopeOf } from '../search/keywords.service';
import { selectBoardIndustries } from './keyword-details.repository';
import { keywordPortrait, openKeywordDetail, openKeywordTrend } from './keyword-details.service';
import { relatedKeywords } from './related-keywords.service';
import { openTsoTopic, tsoTopicList } from './tso-topics.service';

/** The keyword pages beyond search: detail, related words, audience, boards, TSO topics, export. */
export const keywordDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(KeywordDetailPath.detail, { schema: { querystring: keywordRefQuerySchema } }, async (request) => {
    const viewer = await resolveViewer(app.db, requireUser(request));
    return ok(await openKeywordDetail(app.db, viewer, request.query));
  });

  app.get(KeywordDetailPath.trend, { schema: { querystring: keywordTrendQuerySchema } }, async (request) => {
    const viewer = await resolveViewer(app.db, requireUser(request));
    return ok(await openKeywordTrend(app.db, viewer, request.query));
  });

  app.get(KeywordDetailPath.related, { schema: { querystring: relatedQuerySchema } }, async (request) => {
    const viewer = await resolveViewer(app.db, request.userId);
    return ok(await relatedKeywords(app.db, viewer, request.query));
  });

  app.get(KeywordDetailPath.portrait, { schema: { querystring: keywordRefQuerySchema } }, async (request) => {
    requireUser(request);
    return ok(await keywordPortrait(app.db, request.query));
  });

  app.get(KeywordDetailPath.board, { schema: { querystring: boardQuerySchema } }, async (request) => {
    const viewer = await resolveViewer(app.db, request.userId);
    return ok(await keywordBoard(app.db, viewer, request.query, app.readDb));
  });

  app.get(
    boardIndustriesPath,
    { schema: { querystring: z.object({ platform: platformSchema.default('DSO'), country: z.string().optional() }) } },
    async (request) => ok(await selectBoardIndustries(app.readDb, scopeOf(request.query))),
  );

  app.get(KeywordDetailPath.tsoTopics, { schema: { querystring: tsoTopicsQuerySchema } }, async (request) => {
    const viewer = await resolveViewer(app.db, request.userId);
    return ok(await tsoTopicList(app.db, viewer, request.query, app.readDb));
  });

  app.get(KeywordDetailPath.tsoTopicDetail, { schema: { querystring: tsoTopicDetailQuerySchema } }, async (request) => {
    const viewer = await resolveViewer(app.db, requireUser(request));
    return ok(await openTsoTopic(app.db, viewer, request.query));
  });

  // Success is the file itself; refusals (login, 810) come back as the envelope like any other call.
  app.post(KeywordDetailPath.export, { schema: { body: exportKeywordsBodySchema } }, async (request, reply) => {
    const viewer = await resolveViewer(app.db, requireUser(request));
    const { file, fileName } = await exportKeywords(app.db, viewer, request.body);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header(
        'content-disposition',
        `attachment; filename="keywords.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      )
      .header('cache-control', 'no-store')
      .send(file);
  });
};

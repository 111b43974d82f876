import {
  CreatorPath,
  creatorProfileQuerySchema,
  VideoPath,
  videoCommentsQuerySchema,
  videoDetailQuerySchema,
  videoHotWordsQuerySchema,
  videoKeywordsBodySchema,
  videoPortraitQuerySchema,
  videoTabAliases,
  videoTrendQuerySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { requireUser } from '../../../plugins/session';
import { requirePermission } from '../../permissions';
import {
  creatorProfile,
  videoComments,
  videoDetail,
  videoHotWords,
  videoKeywordList,
  videoPortrait,
  videoTrend,
} from './video-detail.service';

/**
 * The video detail panel's calls (002 §7). The head (video details, creator profile) is open; each tab
 * asks for a login (800) and then its permission flag (810 with the permission-denied data, which the
 * web turns into the upgrade panel).
 */
export const videoDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A logged-in user holding the tab's flag, or the refusal. */
  const tabUser = async (request: Parameters<typeof requireUser>[0], alias: string) => {
    const userId = requireUser(request);
    await requirePermission(app.db, userId, alias);
    return userId;
  };

  app.get(VideoPath.detail, { schema: { querystring: videoDetailQuerySchema } }, async (request) =>
    ok(await videoDetail(app.db, request.userId, request.query.awemeId)),
  );

  app.get(CreatorPath.profile, { schema: { querystring: creatorProfileQuerySchema } }, async (request) =>
    ok(await creatorProfile(app.db, request.userId, request.query.userId)),
  );

  app.get(VideoPath.trend, { schema: { querystring: videoTrendQuerySchema } }, async (request) => {
    await tabUser(request, videoTabAliases.data);
    return ok(await videoTrend(app.db, request.query.aweme_id));
  });

  app.get(VideoPath.hotWords, { schema: { querystring: videoHotWordsQuerySchema } }, async (request) => {
    await tabUser(request, videoTabAliases.comments);
    return ok(await videoHotWords(app.db, request.query.videoId));
  });

  app.get(VideoPath.comments, { schema: { querystring: videoCommentsQuerySchema } }, async (request) => {
    await tabUser(request, videoTabAliases.comments);
    return ok(await videoComments(app.db, request.query));
  });

  app.get(VideoPath.portrait, { schema: { querystring: videoPortraitQuerySchema } }, async (request) => {
    await tabUser(request, videoTabAliases.audience);
    return ok(await videoPortrait(app.db, request.query.videoId));
  });

  app.post(VideoPath.keywords, { schema: { body: videoKeywordsBodySchema } }, async (request) => {
    const userId = await tabUser(request, videoTabAliases.keywords);
    return ok(await videoKeywordList(app.db, userId, request.body));
  });
};

import {
  CreatorPath,
  competitorsQuerySchema,
  creatorFollowerTrendQuerySchema,
  creatorListQuerySchema,
  creatorPortraitQuerySchema,
  creatorVideosQuerySchema,
  videoTabAliases,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/session';
import { requirePermission } from '../permissions';
import {
  competitors,
  creatorFacets,
  creatorFollowerTrend,
  creatorList,
  creatorPortrait,
  creatorVideos,
} from './creators.service';

/**
 * The creator calls (docs/videos.md): the library and its filter options and a creator's
 * works are open (visitors get the guest rows); the follower trend and benchmark accounts need a login;
 * the audience needs VIDEO_LIBRARY_DETAIL_USER_PORTRAIT. The creator profile is the video panel's
 * (videos/detail), shared by the dialog's head and person detail.
 */
export const creatorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(CreatorPath.list, { schema: { querystring: creatorListQuerySchema } }, async (request) =>
    ok(await creatorList(app.db, request.userId, request.query, app.readDb)),
  );

  app.get(CreatorPath.facets, async () => ok(await creatorFacets(app.db)));

  app.get(CreatorPath.videos, { schema: { querystring: creatorVideosQuerySchema } }, async (request) =>
    ok(await creatorVideos(app.db, request.userId, request.query)),
  );

  app.get(CreatorPath.followerTrend, { schema: { querystring: creatorFollowerTrendQuerySchema } }, async (request) => {
    requireUser(request);
    return ok(await creatorFollowerTrend(app.db, request.query));
  });

  app.get(CreatorPath.portrait, { schema: { querystring: creatorPortraitQuerySchema } }, async (request) => {
    const userId = requireUser(request);
    await requirePermission(app.db, userId, videoTabAliases.audience);
    return ok(await creatorPortrait(app.db, request.query.userId));
  });

  app.get(CreatorPath.competitors, { schema: { querystring: competitorsQuerySchema } }, async (request) => {
    const userId = requireUser(request);
    return ok(await competitors(app.db, userId, request.query));
  });
};

import {
  FavouritePath,
  favouriteBodySchema,
  favouriteListQuerySchema,
  favouriteStateQuerySchema,
  videoMessages,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/session';
import { addFavourite, favouriteState, listFavourites, removeFavourite } from './favourites.service';

/** Favourites (collectDouyin, collectRso, collectVideo, collectUser): login required for each call. */
export const favouritesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(FavouritePath.list, { schema: { querystring: favouriteListQuerySchema } }, async (request) =>
    ok(await listFavourites(app.db, requireUser(request), request.query)),
  );

  app.get(FavouritePath.state, { schema: { querystring: favouriteStateQuerySchema } }, async (request) =>
    ok(await favouriteState(app.db, requireUser(request), request.query)),
  );

  app.post(FavouritePath.add, { schema: { body: favouriteBodySchema } }, async (request) =>
    ok(await addFavourite(app.db, requireUser(request), request.body), videoMessages.favourited),
  );

  app.post(FavouritePath.remove, { schema: { body: favouriteBodySchema } }, async (request) =>
    ok(await removeFavourite(app.db, requireUser(request), request.body), videoMessages.unfavourited),
  );
};

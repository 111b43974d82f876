import {
  ApiKeyPath,
  apiKeyMessages,
  createApiKeyBodySchema,
  renameApiKeyBodySchema,
  revokeApiKeyBodySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/session';
import { createApiKey, listApiKeys, renameApiKey, revokeApiKey } from './api-keys.service';

/** A member's API keys (/setting, API 密钥): signed browser routes, login required for each call. */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(ApiKeyPath.list, async (request) => ok(await listApiKeys(app.db, requireUser(request))));

  app.post(ApiKeyPath.create, { schema: { body: createApiKeyBodySchema } }, async (request) =>
    ok(await createApiKey(app.db, requireUser(request), request.body.name), apiKeyMessages.created),
  );

  app.post(ApiKeyPath.rename, { schema: { body: renameApiKeyBodySchema } }, async (request) =>
    ok(await renameApiKey(app.db, requireUser(request), request.body.id, request.body.name), apiKeyMessages.renamed),
  );

  app.post(ApiKeyPath.revoke, { schema: { body: revokeApiKeyBodySchema } }, async (request) =>
    ok(await revokeApiKey(app.db, requireUser(request), request.body.id), apiKeyMessages.revoked),
  );
};

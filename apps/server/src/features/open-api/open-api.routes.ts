import { type OpenEndpoint, OpenPath, openEndpointList } from '@dso/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { type ApiCaller, authenticateApiKey } from '../api-keys';
import { type OpenApiDocument, servedOpenApiDocument } from './open-api.document';
import { openReferencePage } from './open-api.reference';
import { spendOpenCall } from './open-calls';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key's caller on an open route, set before validation. */
    apiCaller: ApiCaller | null;
  }
}

/**
 * The open API (`/open/v1/…`, docs/api.md "Open API"): one route per entry of the contract's
 * `openEndpoints`, its request schema the entry's. The key is checked first (a call without a good key
 * is refused whatever it asks), then the input, then the endpoint's units are spent around the
 * product's own service. The document and its reference page need no key.
 */
export const openApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('apiCaller', null);
  const keyedPaths = new Set(openEndpointList.map((endpoint) => endpoint.path));

  app.addHook('onRequest', async (request) => {
    if (!keyedPaths.has(request.routeOptions.url ?? '')) return;
    request.apiCaller = await authenticateApiKey(app.db, request.headers.authorization);
  });

  const callerOf = (request: FastifyRequest): ApiCaller => {
    if (!request.apiCaller) throw new Error('open route reached without its caller');
    return request.apiCaller;
  };

  for (const endpoint of openEndpointList) registerEndpoint(endpoint);

  function registerEndpoint(endpoint: OpenEndpoint) {
    const isGet = endpoint.method === 'GET';
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      schema: isGet ? { querystring: endpoint.input } : { body: endpoint.input },
      handler: async (request) => {
        const input = isGet ? request.query : request.body;
        return ok(await spendOpenCall(app.db, callerOf(request), endpoint.name, input as never));
      },
    });
  }

  let document: OpenApiDocument | null = null;
  const documentOf = () => {
    document ??= servedOpenApiDocument(app.config.publicUrl);
    return document;
  };

  app.get(OpenPath.document, async (_request, reply) => reply.header('cache-control', 'no-cache').send(documentOf()));

  app.get(OpenPath.reference, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(openReferencePage(documentOf())),
  );
};

import { OPEN_API_PREFIX, type OpenEndpoint, OpenPath, openEndpointList } from '@dso/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing';
import { buildOpenApiDocument } from './open-api.document';

/** The routes and the document need no key to be compared; these are the two paths that serve them. */
const unkeyedPaths = new Set<string>([OpenPath.document, OpenPath.reference]);

interface SeenRoute {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

describe('the open API routes and their OpenAPI document', () => {
  const seen: SeenRoute[] = [];
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      onRoute: (route) => {
        if (!route.url.startsWith(`${OPEN_API_PREFIX}/`) || unkeyedPaths.has(route.url)) return;
        for (const method of [route.method].flat()) {
          // Fastify adds a HEAD route beside each GET; the document describes the GET.
          if (method !== 'HEAD') seen.push({ method, url: route.url, schema: route.schema });
        }
      },
    });
  }, 60_000);
  afterAll(() => t?.close());

  const servedDocument = async () => (await t.app.inject({ method: 'GET', url: OpenPath.document })).json();

  it('documents exactly the registered /open/v1 routes, method and path', async () => {
    const document = await servedDocument();
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = seen.map((route) => `${route.method} ${route.url}`);
    expect(registered.length).toBeGreaterThan(0);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...registered].sort()).toEqual([...documented].sort());
  });

  it("validates each route's request with the schema its document was generated from", async () => {
    const document = await servedDocument();
    const routeEndpoints = seen.map((route) => {
      const endpoint = openEndpointList.find((entry) => entry.path === route.url && entry.method === route.method);
      expect(endpoint, `${route.method} ${route.url} is in the endpoint table`).toBeDefined();
      const schema = route.method === 'GET' ? route.schema?.querystring : route.schema?.body;
      // The very schema object, not a look-alike: the route validates with what the document describes.
      expect(schema, `${route.method} ${route.url}`).toBe(endpoint!.input);
      return { ...endpoint!, input: schema as OpenEndpoint['input'] };
    });
    // The document rebuilt from what the routes validate with is the one served.
    const order = (list: typeof routeEndpoints) => [...list].sort((a, b) => a.path.localeCompare(b.path));
    const rebuilt = buildOpenApiDocument(order(routeEndpoints));
    const served = buildOpenApiDocument(order(openEndpointList as typeof routeEndpoints));
    expect(rebuilt).toEqual(served);
    expect(document.paths).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(openEndpointList).paths)));
  });

  it('names its units, a Chinese summary and a curl example on every operation', async () => {
    const document = await servedDocument();
    for (const endpoint of openEndpointList) {
      const operation = document.paths[endpoint.path][endpoint.method.toLowerCase()];
      expect(operation.summary).toMatch(/[\u4e00-\u9fa5]/);
      expect(operation['x-units']).toBe(endpoint.units);
      expect(operation['x-codeSamples'][0].source).toContain(`curl`);
      expect(operation['x-codeSamples'][0].source).toContain(endpoint.path);
      expect(operation.security).toEqual([{ apiKey: [] }]);
    }
  });
});

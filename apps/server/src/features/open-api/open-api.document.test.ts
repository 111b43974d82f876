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
  it('serves a Chinese reference page with every endpoint, its units, parameters and curl call, and the code list', async () => {
    const reply = await t.app.inject({ method: 'GET', url: OpenPath.reference });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    const page = reply.body;
    for (const endpoint of openEndpointList) {
      const section = page.slice(page.indexOf(`<section id="${endpoint.path}">`));
      expect(section.length, endpoint.path).toBeLessThan(page.length);
      const own = section.slice(0, section.indexOf('</section>'));
      expect(own).toContain(`<h2>${endpoint.summary}</h2>`);
      expect(own).toContain(`每次 <strong>${endpoint.units}</strong> 个单位`);
      expect(own).toContain('<th>参数</th>');
      expect(own).toMatch(new RegExp(`curl .*http://[^']+${endpoint.path}`));
    }
    // The response codes are a list, not paragraphs starting with "- ".
    expect(page).toMatch(/<ul><li><code>200<\/code> 成功<\/li>/);
    expect(page).not.toContain('<p>- ');
  });
});

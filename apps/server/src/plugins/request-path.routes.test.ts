import { Code, KeywordPath } from '@dso/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signedInjectOptions } from '../testing';
import { useTestApp } from '../testing/route-suite';

/** What a caller observes of an answer: the HTTP status and, for an envelope, its code. */
function outcome(response: LightMyRequestResponse) {
  const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
  return { status: response.statusCode, code: isJson ? response.json().code : null };
}

const percentEncode = (text: string) =>
  [...text].map((char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');

/** Other spellings of one path that a browser, a proxy or an attacker may send. */
function variantsOf(path: string): Record<string, string> {
  const segments = path.split('/').slice(1);
  const last = segments.length - 1;
  return {
    'first letter encoded': `/${segments.map((segment) => percentEncode(segment.slice(0, 1)) + segment.slice(1)).join('/')}`,
    'every character encoded': `/${segments.map(percentEncode).join('/')}`,
    'upper-case escapes': `/${percentEncode('a').toUpperCase()}${path.slice(2)}`,
    'doubled slashes': path.replaceAll('/', '//'),
    'trailing slash': `${path}/`,
    'dot segments': `/${segments.slice(0, last).join('/')}/./zz/../${segments[last]}`,
    'a climb back into /api': `/zz/../${segments.join('/')}`,
    'encoded dot segments': `/%2e%2e/${segments.slice(0, last).join('/')}/%2E/${segments[last]}`,
    'encoded slashes': `/${segments.join('%2F')}`,
    'mixed case': [...path].map((char, at) => (at % 2 ? char.toUpperCase() : char.toLowerCase())).join(''),
    'upper case': path.toUpperCase(),
    'everything at once': `//${percentEncode('A')}PI/./${segments.slice(1).join('//').toUpperCase()}`,
  };
}

describe('one canonical request path for signing, sessions and the router', () => {
  const t = useTestApp();

  it('refuses an unsigned call on an encoded /api path as it refuses the plain one', async () => {
    const countries = await t.app.inject({ method: 'GET', url: '/%61pi/keyword/countries' });
    expect(countries.json().code).toBe(Code.CLIENT_INTEGRITY);
    const search = await t.app.inject({ method: 'POST', url: '/%61pi/keyword/search', payload: { keyword: '美食' } });
    expect(search.json().code).toBe(Code.CLIENT_INTEGRITY);
  });

  it('answers every spelling of every /api route unsigned exactly as the plain path', async () => {
    const routes = t.app.apiRoutes.list();
    // The index is filled by onRoute as features register; a handful would mean it missed them.
    expect(routes.length).toBeGreaterThan(40);
    const mismatches: string[] = [];
    let address = 0;
    for (const route of routes) {
      const path = route.url.replace(/:\w+/g, '1');
      for (const method of route.methods.filter((name) => name !== 'HEAD')) {
        // Each route gets its own client address, so request limits never decide an answer here.
        const headers = { 'x-forwarded-for': `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}` };
        address++;
        const send = (url: string) =>
          t.app.inject({ method: method as 'GET', url, headers, ...(method === 'GET' ? {} : { payload: {} }) });
        const plain = outcome(await send(path));
        for (const [name, variant] of Object.entries(variantsOf(path))) {
          const seen = outcome(await send(variant));
          if (seen.status !== plain.status || seen.code !== plain.code) {
            mismatches.push(`${method} ${variant} (${name}): ${JSON.stringify(seen)} ≠ ${JSON.stringify(plain)}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('keeps refusing signed paths unsigned, so the comparison above compares refusals', async () => {
    const response = await t.app.inject({ method: 'GET', url: KeywordPath.countries });
    expect(response.json().code).toBe(Code.CLIENT_INTEGRITY);
  });

  it('accepts a call signed over the canonical path whatever spelling carries it', async () => {
    const options = signedInjectOptions({ method: 'GET', url: KeywordPath.countries });
    const response = await t.app.inject({ ...options, url: '//%61pi/Keyword/./countries' });
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe(Code.OK);
  });

  it('does not let a signature over one path pass for another', async () => {
    const options = signedInjectOptions({ method: 'GET', url: KeywordPath.countries });
    const response = await t.app.inject({ ...options, url: '/api/keyword/popular' });
    expect(response.json().code).toBe(Code.CLIENT_INTEGRITY);
  });

  it('keeps the query string exactly as sent', () => {
    expect(t.app.apiRoutes.canonicalUrl('/%61pi/keyword/search?ts=1&he=%2F..&sign=x')).toBe(
      '/api/keyword/search?ts=1&he=%2F..&sign=x',
    );
  });
});

import {
  ConsoleInvoicePath,
  ConsoleMarketingPath,
  CopywriterPath,
  envelopeSchema,
  ImageTextPath,
  KeywordDetailPath,
  KeywordPickPath,
  MonitoringPath,
  OrderPath,
  PublishingPath,
  WechatPath,
} from '@dso/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createStaffAccount, staffCookie } from '../features/console/console.testing';
import { DEMO_IMAGE_ROUTE } from '../features/demo-images';
import { deriveScope } from '../features/keywords/derive/keyword-derive';
import { upsertKeywords } from '../features/keywords/import/keyword-ingest.repository';
import { keywordInput } from '../features/keywords/keyword.fixtures';
import { createTestApp, createUser, loginAs, signedInjectOptions } from '../testing';
import { type BodyCase, bodyCases, encodeQuery, inputJsonSchema, paramValue, queryCases } from './request-arbitraries';

/**
 * Every route, fed generated requests: signed like the web client's, from a visitor and from signed-in
 * users of several grades, with bodies and queries shaped like the route's schema but full of NUL
 * bytes, lone surrogates, huge and fractional numbers, long strings and wrong types. No answer may be
 * a server error, and every `/api` answer is the envelope.
 *
 * Seeded: FUZZ_SEED picks another sequence, FUZZ_RUNS the runs per route; a failure prints the seed
 * and the shrunk request, so `FUZZ_SEED=<seed>` replays it.
 *
 * The routes are shared between test files (`routes-*.fuzz.test.ts`), each fuzzing every `parts`-th
 * route from `part` on its own app: one file was a minute of work that two test workers could not share.
 */

const seed = Number(process.env.FUZZ_SEED ?? 20_261_123);
const numRuns = Number(process.env.FUZZ_RUNS ?? 40);

interface FuzzRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  schema: RouteOptions['schema'];
}

function isFuzzedMethod(method: string): method is FuzzRoute['method'] {
  return method === 'GET' || method === 'POST' || method === 'PUT' || method === 'DELETE';
}

/** Builds one app, collects its routes, and fuzzes every `parts`-th of them starting at index `part`. */
export async function fuzzRoutes(part: number, parts: number) {
  const routes: FuzzRoute[] = [];

  const t = await createTestApp({
    now: () => Date.now(),
    config: {
      // The QR long poll answers "waiting" at once instead of holding each request for seconds.
      wechatPollHoldMs: 20,
      wechatPollIntervalMs: 5,
    },
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        // HEAD and OPTIONS answer from the same handlers without a body.
        if (isFuzzedMethod(method)) routes.push({ method, url: route.url, schema: route.schema });
      }
    },
  });

  // A small library, so searches, details and boards reach their deeper paths.
  await upsertKeywords(t.database.db, [
    keywordInput('口红', 200_000, { commerceIntent: true }),
    keywordInput('口红色号', 30_000),
    keywordInput('面膜', 5_000),
    keywordInput('口红', 5_000, { platform: 'RSO' }),
    keywordInput('lipstick review', 8_000, { platform: 'TSO', country: 'US', industry: null }),
  ]);
  await deriveScope(t.database.db, { platform: 'DSO', country: '' });

  const members = {
    free: (await createUser(t.database.db)).id,
    svip: (await createUser(t.database.db, { grade: 'SVIP', showOriginalData: true })).id,
  };
  // A 管理员 of the operator's console: its calls get past the staff check to their handlers.
  const staff = await createStaffAccount(t.database.db, { role: '管理员' });

  afterAll(() => t.close());
  const mine = routes.filter((_, index) => index % parts === part);

  /** Answers that are not the envelope by design: vendor protocols, HTML pages, file downloads. */
  const nonEnvelopePaths = new Set<string>([
    WechatPath.callback,
    WechatPath.sandboxScan,
    WechatPath.sandboxConfirm,
    KeywordDetailPath.export,
    // Rank monitoring's exports (.xlsx, .csv) once the caller is signed in.
    MonitoringPath.dailyExport,
    MonitoringPath.historyExport,
    OrderPath.alipayPage,
    OrderPath.notifyAlipay,
    OrderPath.notifyWechat,
    OrderPath.notifySandbox,
    OrderPath.invoicePdf,
    // The console's downloads once a staff member may have them: a card batch's CSV, an invoice's PDF.
    ConsoleMarketingPath.cardExport,
    ConsoleInvoicePath.pdf,
    // The demo pictures answer PNG bytes once their parameters pass.
    DEMO_IMAGE_ROUTE,
    // A work's picture (image/png) once the work is the caller's.
    ImageTextPath.image,
    // A work as a zip once the work is the caller's.
    ImageTextPath.download,
    PublishingPath.douyinCallback,
    PublishingPath.douyinWebhook,
    PublishingPath.sandboxAuthorize,
    // Streamed AI answers (text/event-stream) once a request is accepted; refusals are envelopes.
    CopywriterPath.generate,
    KeywordPickPath.pick,
    ImageTextPath.generate,
  ]);

  /** The throttled SMS send is code 500 by the spec (002 §8); its message carries the countdown. */
  const throttledSendMessage = /^发送过于频繁,\d+$/;

  const anyEnvelope = envelopeSchema(z.unknown());

  let addressCounter = 0;
  function nextAddress(): string {
    addressCounter += 1;
    return `10.77.${Math.floor(addressCounter / 250) % 250}.${addressCounter % 250}`;
  }

  interface FuzzRequest {
    who: 'visitor' | 'staff' | keyof typeof members;
    query: string;
    params: string[];
    body: BodyCase | undefined;
  }

  function requestsFor(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
    const paramCount = (route.url.match(/:\w+/g) ?? []).length;
    return fc.record({
      who: fc.constantFrom('visitor', 'free', 'svip', 'staff'),
      query: queryCases(inputJsonSchema(route.schema?.querystring)),
      params: fc.array(paramValue, { minLength: paramCount, maxLength: paramCount }),
      body: route.method === 'GET' ? fc.constant(undefined) : bodyCases(inputJsonSchema(route.schema?.body)),
    });
  }

  async function send(route: FuzzRoute, request: FuzzRequest): Promise<LightMyRequestResponse> {
    let paramIndex = 0;
    const path = route.url.replace(/:\w+/g, () => encodeQuery(request.params[paramIndex++] ?? ''));
    const token =
      request.who === 'visitor' || request.who === 'staff'
        ? undefined
        : await loginAs(t.database.db, members[request.who]);
    const headers: Record<string, string> = { 'x-forwarded-for': nextAddress() };
    // A fresh staff session each time: a fuzzed logout or password change must not end the next request's.
    if (request.who === 'staff') headers.cookie = await staffCookie(t.database.db, staff.id);
    const inject = signedInjectOptions({
      method: route.method,
      url: request.query ? `${path}?${request.query}` : path,
      headers,
      ...(token ? { token } : {}),
      device: `fuzz-${request.who}`,
    });
    if (request.body?.kind === 'json') {
      inject.payload = JSON.stringify(request.body.value) ?? 'null';
      inject.headers = { ...inject.headers, 'content-type': 'application/json' };
    } else if (request.body?.kind === 'raw') {
      inject.payload = request.body.payload;
      inject.headers = { ...inject.headers, 'content-type': request.body.contentType };
    }
    return t.app.inject(inject);
  }

  /** Envelope codes seen per route (FUZZ_STATS=1 prints them): shows how deep the requests got. */
  const codesSeen = new Map<string, Map<string, number>>();

  function checkAnswer(route: FuzzRoute, response: LightMyRequestResponse) {
    const where = `${route.method} ${route.url} answered ${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, where).toBeLessThan(500);
    const contentType = String(response.headers['content-type'] ?? '');
    let seen = `http ${response.statusCode}`;
    if (route.url.startsWith('/api/') && !nonEnvelopePaths.has(route.url)) {
      expect(contentType, `${where}: an /api answer that is not the envelope`).toMatch(/^application\/json/);
      const parsed = anyEnvelope.safeParse(JSON.parse(response.body));
      expect(parsed.success, `${where}: an /api answer that is not the envelope`).toBe(true);
      if (parsed.data?.code === 500) expect(parsed.data.msg, where).toMatch(throttledSendMessage);
      seen = `${parsed.data?.code} ${parsed.data?.msg.slice(0, 24)}`;
    }
    const counts = codesSeen.get(`${route.method} ${route.url}`) ?? new Map<string, number>();
    counts.set(seen, (counts.get(seen) ?? 0) + 1);
    codesSeen.set(`${route.method} ${route.url}`, counts);
  }

  afterAll(() => {
    if (!process.env.FUZZ_STATS) return;
    for (const [route, counts] of codesSeen) {
      const sorted = [...counts].sort((a, b) => b[1] - a[1]);
      console.log(`${route}\n  ${sorted.map(([code, count]) => `${count}× ${code}`).join('\n  ')}`);
    }
  });

  describe(`every route under generated hostile input (part ${part + 1} of ${parts})`, () => {
    it('collects the routes of the whole app', () => {
      // The app registers its routes at build time; a broken hook would make every fuzz below vacuous.
      expect(routes.length).toBeGreaterThan(40);
      expect(mine.length).toBeGreaterThan(0);
    });

    it.each(mine.map((route) => [`${route.method} ${route.url}`, route] as const))(
      '%s answers without a server error and in the envelope',
      async (_name, route) => {
        await fc.assert(
          fc.asyncProperty(requestsFor(route), async (request) => {
            checkAnswer(route, await send(route, request));
          }),
          { seed, numRuns },
        );
      },
      120_000,
    );
  });
}

import { ApiKeyPath, Code, type CreatedApiKey, envelopeSchema, openEndpointList } from '@dso/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bodyCases, inputJsonSchema, queryCases } from '../../fuzz/request-arbitraries';
import { useTestApp } from '../../testing/route-suite';
import { upsertKeywords } from '../keywords';
import { keywordInput } from '../keywords/keyword.fixtures';

/**
 * The route fuzz (src/fuzz/) reaches the open routes without a key, so it sees only the 800 refusal. Here
 * each endpoint gets generated queries and bodies shaped like its schema (the same arbitraries) with a
 * real key: no answer may be a server error, and every answer is the envelope.
 */

const seed = Number(process.env.FUZZ_SEED ?? 20_261_129);
// Under the key's 60 calls a minute: a fresh key per endpoint.
const numRuns = Number(process.env.FUZZ_RUNS ?? 30);
const anyEnvelope = envelopeSchema(z.unknown());

describe('the open routes under generated input with a real key', () => {
  const t = useTestApp({}, async () => {
    await upsertKeywords(t.database.db, [keywordInput('口红', 200_000), keywordInput('口红色号', 30_000)]);
  });

  for (const endpoint of openEndpointList) {
    it(`${endpoint.method} ${endpoint.path} answers without a server error and in the envelope`, async () => {
      const { token } = await t.account({ grade: 'SVIP' });
      const created = await t.post(ApiKeyPath.create, token, { name: endpoint.name });
      expect(created.code).toBe(Code.OK);
      const authorization = `Bearer ${(created.data as CreatedApiKey).key}`;
      const schema = inputJsonSchema(endpoint.input);
      const cases =
        endpoint.method === 'GET'
          ? queryCases(schema).map((query) => ({ query, body: undefined }))
          : bodyCases(schema).map((body) => ({ query: '', body }));
      await fc.assert(
        fc.asyncProperty(cases, async ({ query, body }) => {
          const headers: Record<string, string> = { authorization };
          let payload: string | Buffer | undefined;
          if (body?.kind === 'json') {
            payload = JSON.stringify(body.value) ?? 'null';
            headers['content-type'] = 'application/json';
          } else if (body?.kind === 'raw') {
            payload = body.payload;
            headers['content-type'] = body.contentType;
          }
          const response = await t.app.inject({
            method: endpoint.method,
            url: query ? `${endpoint.path}?${query}` : endpoint.path,
            headers,
            ...(payload === undefined ? {} : { payload }),
          });
          const where = `${endpoint.path}?${query} ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          const envelope = anyEnvelope.safeParse(JSON.parse(response.body));
          expect(envelope.success, where).toBe(true);
          expect(envelope.data?.code, where).not.toBe(Code.TOKEN_INVALID);
        }),
        { seed, numRuns },
      );
    }, 120_000);
  }
});

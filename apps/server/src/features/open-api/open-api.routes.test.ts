import {
  ApiKeyPath,
  Code,
  type CreatedApiKey,
  FramePath,
  MonitoringPath,
  type OpenEndpointName,
  OpenPath,
  openEndpointList,
  openEndpoints,
  PermissionPath,
  type UsageLog,
} from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { createCreator, createVideo, drainJobs } from '../../testing';
import { useTestApp } from '../../testing/route-suite';
import { authenticateApiKey, spendApiUnits } from '../api-keys';
import { apiUnitAllowance } from '../api-keys/api-keys.testing';
import { enqueueDerive, upsertKeywords } from '../keywords';
import { keywordInput, trendEndingAt } from '../keywords/keyword.fixtures';

describe('the open API (/open/v1)', () => {
  let awemeId = '';
  let creatorUserId = '';

  const t = useTestApp({}, async () => {
    const db = t.database.db;
    await upsertKeywords(db, [
      keywordInput('口红', 200_000, { commerceIntent: true, trend: trendEndingAt(200_000, 30, 2_000) }),
      keywordInput('口红色号', 30_000),
      keywordInput('口红试色', 20_000),
      keywordInput('平价口红推荐', 48_000, { commerceIntent: true }),
      keywordInput('口红', 5_000, { platform: 'RSO' }),
    ]);
    // The derived figures (related words, boards), as the import's derive job writes them.
    await enqueueDerive(db, { platform: 'DSO', country: '' });
    await drainJobs(t);
    const creator = await createCreator(db, { nickName: '口红测评师', followers: 88_000 });
    const video = await createVideo(db, { creatorId: creator.id, desc: '口红试色合集', goodCount: 9_000 });
    awemeId = video.awemeId;
    creatorUserId = creator.userId;
  });
  const { db, get, post } = t;

  /** A member of `grade` with a session token and an API key made through the key routes. */
  const member = async (grade: 'VIP' | 'SVIP' = 'VIP') => {
    const account = await t.account({ grade });
    const created = await post(ApiKeyPath.create, account.token, { name: '选词脚本' });
    expect(created.code).toBe(Code.OK);
    return { ...account, key: (created.data as CreatedApiKey).key, keyId: (created.data as CreatedApiKey).item.id };
  };

  /** One open call: a GET with `input` as the query, a POST with it as the JSON body; `key` as the bearer. */
  const open = async (name: OpenEndpointName, input: Record<string, unknown>, key?: string) => {
    const endpoint = openEndpoints[name];
    const headers = key === undefined ? {} : { authorization: `Bearer ${key}` };
    const query = new URLSearchParams(
      Object.entries(input).map(([field, value]): [string, string] => [field, String(value)]),
    );
    const response =
      endpoint.method === 'GET'
        ? await t.app.inject({ method: 'GET', url: `${endpoint.path}?${query}`, headers })
        : await t.app.inject({ method: 'POST', url: endpoint.path, headers, payload: input });
    expect(response.statusCode).toBeLessThan(500);
    return { status: response.statusCode, ...(response.json() as { code: number; msg: string; data: unknown }) };
  };

  const unitsUsed = async (token: string) =>
    ((await get(`${PermissionPath.use}?permission=API_UNIT_DAY_COUNT`, token)).data as { use_val: number }).use_val;

  const happyInputs = (): Record<OpenEndpointName, Record<string, unknown>> => ({
    keywordSearch: { platform: 'DSO', keyword: '口红', sort: 'search_index', order: 'desc' },
    keywordDetail: { keyword: '口红' },
    keywordTrend: { keyword: '口红', days: 7 },
    keywordRelated: { keyword: '口红', relation: 'correlation' },
    keywordBoard: { board: 'industryHot' },
    keywordSuggestions: { keyword: '口红', platform: 'DSO' },
    videoSearch: { keyword: '口红' },
    videoDetail: { awemeId },
    creatorSearch: { keyword: '口红测评' },
    creatorProfile: { userId: creatorUserId },
    monitorRanks: {},
  });

  it('serves the OpenAPI 3.1 document and the Chinese reference page without a key', async () => {
    const document = await t.app.inject({ method: 'GET', url: OpenPath.document });
    expect(document.statusCode).toBe(200);
    const body = document.json();
    expect(body.openapi).toBe('3.1.0');
    expect(body.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(body.paths[OpenPath.keywordSearch].post).toMatchObject({ summary: '关键词搜索', 'x-units': 1 });

    const page = await t.app.inject({ method: 'GET', url: OpenPath.reference });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const endpoint of openEndpointList) {
      expect(page.body).toContain(`<code>${endpoint.path}</code> · 每次 <strong>${endpoint.units}</strong> 个单位`);
      expect(page.body).toContain(`<h2>${endpoint.summary}</h2>`);
    }
    expect(page.body).toContain(`curl -X POST &#39;http://localhost:8080${OpenPath.keywordSearch}&#39;`);
  });

  it('refuses a missing, unknown, malformed or revoked key with 800 on every endpoint, before reading the input', async () => {
    const { token, key, keyId } = await member();
    for (const endpoint of openEndpointList) {
      expect(await open(endpoint.name, {})).toMatchObject({ code: Code.TOKEN_INVALID });
      expect(await open(endpoint.name, happyInputs()[endpoint.name], 'dso_not-a-real-key')).toMatchObject({
        code: Code.TOKEN_INVALID,
      });
    }
    expect(await open('keywordSearch', happyInputs().keywordSearch, key)).toMatchObject({ code: Code.OK });
    expect((await post(ApiKeyPath.revoke, token, { id: keyId })).code).toBe(Code.OK);
    const refused = await open('keywordSearch', happyInputs().keywordSearch, key);
    expect(refused).toMatchObject({ code: Code.TOKEN_INVALID, msg: expect.stringMatching(/[\u4e00-\u9fa5]/) });
    expect(await unitsUsed(token)).toBe(openEndpoints.keywordSearch.units);
  });

  it('answers every endpoint with the data its document describes, charging its units exactly once in the ledger', async () => {
    const { token, key } = await member('SVIP');
    expect((await post(MonitoringPath.add, token, { keyword: '口红' })).code).toBe(Code.OK);
    let expectedUse = 0;
    const inputs = happyInputs();
    for (const endpoint of openEndpointList) {
      const answer = await open(endpoint.name, inputs[endpoint.name], key);
      expect(answer, endpoint.name).toMatchObject({ code: Code.OK, status: 200 });
      expect(endpoint.data.safeParse(answer.data).success, endpoint.name).toBe(true);
      expectedUse += endpoint.units;
      expect(await unitsUsed(token), endpoint.name).toBe(expectedUse);
    }
    const search = (await open('keywordSearch', inputs.keywordSearch, key)).data as {
      result: Array<{ keyword: string }>;
    };
    expect(search.result.map((row) => row.keyword)).toEqual(['口红', '平价口红推荐', '口红色号', '口红试色']);
    const ranks = (await open('monitorRanks', {}, key)).data as { result: Array<{ keyword: string }> };
    expect(ranks.result.map((row) => row.keyword)).toEqual(['口红']);
    const suggestions = (await open('keywordSuggestions', { keyword: '口红', platform: 'RSO' }, key)).data;
    expect(suggestions).toEqual(['口红']);
    expectedUse += 3;

    const log: UsageLog = (await get(PermissionPath.usageLog, token)).data;
    const api = log.permissions.find((permission) => permission.alias === 'API_UNIT_DAY_COUNT')!;
    expect(api.day_used).toBe(expectedUse);
    const charged = api.entries.filter((entry) => entry.state === 'settled' && entry.amount > 0);
    expect(charged).toHaveLength(openEndpointList.length + 3);
    expect(charged.map((entry) => entry.reason)).toContain('API 密钥「选词脚本」：关键词详情 口红');
    // Fourteen calls with a units check after each: 10 s seen on PGlite, over 20 s on PostgreSQL on a loaded machine.
  }, 90_000);

  it('charges nothing for a call that fails: bad input, an unknown keyword, video or creator', async () => {
    const { token, key } = await member();
    expect(await open('keywordDetail', { keyword: '不存在的词' }, key)).toMatchObject({
      code: Code.NOT_FOUND,
      msg: '关键词不存在',
    });
    expect(await open('keywordTrend', { keyword: '不存在的词', days: 7 }, key)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await open('videoDetail', { awemeId: '7000000000000000000' }, key)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await open('creatorProfile', { userId: 'nobody' }, key)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await open('keywordSearch', { platform: 'DSO', keyword: '长'.repeat(31) }, key)).toMatchObject({
      code: Code.BAD_REQUEST,
    });
    expect(await unitsUsed(token)).toBe(0);
  });

  it('answers bad input in the envelope with a Chinese message, never a server error', async () => {
    const { key } = await member();
    const cases: Array<[OpenEndpointName, Record<string, unknown>]> = [
      ['keywordSearch', { platform: 'DSO', keyword: '长'.repeat(31) }],
      ['keywordSearch', { platform: 'NOPE', keyword: '口红' }],
      ['keywordSearch', { platform: 'DSO', keyword: '口红', page_size: 100_000 }],
      ['keywordSearch', { platform: 'DSO', keywords: ['a', 'b', 'c', 'd', 'e', 'f'] }],
      ['keywordDetail', {}],
      ['keywordTrend', { keyword: '口红', days: 8 }],
      ['keywordTrend', { keyword: '口红', start: '2026-11-01' }],
      ['keywordRelated', { keyword: '口红', relation: 'cousins' }],
      ['keywordBoard', { board: 'nope' }],
      ['keywordSuggestions', { keyword: '口红', platform: 'TSO' }],
      ['videoSearch', {}],
      ['videoDetail', { awemeId: '../etc' }],
      ['creatorSearch', { size_class: 'huge' }],
      ['creatorProfile', {}],
      ['monitorRanks', { page_size: 10_000 }],
    ];
    for (const [name, input] of cases) {
      const answer = await open(name, input, key);
      expect(answer, `${name} ${JSON.stringify(input)}`).toMatchObject({ code: Code.BAD_REQUEST });
      expect(answer.msg, `${name} ${JSON.stringify(input)}`).toMatch(/[\u4e00-\u9fa5]/);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: OpenPath.keywordSearch,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: '{"platform":',
    });
    expect(malformed.statusCode).toBeLessThan(500);
    expect(malformed.json()).toMatchObject({ code: Code.BAD_REQUEST });
  });

  it("refuses a call once the day's units are spent, with the upgrade data, and charges nothing for it", async () => {
    const { token, key } = await member('VIP');
    const caller = await authenticateApiKey(db(), `Bearer ${key}`);
    await spendApiUnits(db(), caller, { units: apiUnitAllowance('VIP') - 1, what: '用掉' }, async () => null);
    expect(await open('keywordSearch', happyInputs().keywordSearch, key)).toMatchObject({ code: Code.OK });
    const refused = await open('keywordDetail', { keyword: '口红' }, key);
    expect(refused).toMatchObject({ code: Code.NEEDS_UPGRADE, data: { alias: 'API_UNIT_DAY_COUNT' } });
    expect(await open('keywordSearch', happyInputs().keywordSearch, key)).toMatchObject({ code: Code.NEEDS_UPGRADE });
    expect(await unitsUsed(token)).toBe(apiUnitAllowance('VIP'));
  });

  it('needs no browser signature or session, and a session token is no API key', async () => {
    const { token } = await member();
    expect(await open('keywordSearch', happyInputs().keywordSearch, token)).toMatchObject({ code: Code.TOKEN_INVALID });
  });
});

describe('the open API under the browser request limits', () => {
  const strict = { inFlight: 1000, searchesInFlight: 1000, perMinute: 1, perHour: 1_000_000 };
  const t = useTestApp({ config: { requestLimits: { address: strict, user: strict, refusalDelayMs: 0 } } });

  it('is not counted by them: the key has limits of its own', async () => {
    const { token } = await t.account({ grade: 'VIP' });
    const created = await t.post(ApiKeyPath.create, token, { name: '脚本' });
    expect(created.code).toBe(Code.OK);
    // The address's one call a minute is spent: the next /api call is refused.
    expect((await t.get(FramePath.serverTime)).code).toBe(Code.SERVER_BUSY);
    const key = (created.data as CreatedApiKey).key;
    for (let call = 0; call < 3; call++) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `${OpenPath.keywordSuggestions}?keyword=${encodeURIComponent('口红')}`,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(answer.json()).toMatchObject({ code: Code.OK });
    }
  });
});

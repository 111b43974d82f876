import { LegalPath } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { databaseKind } from '../db/client';
import { enqueueJob } from '../features/jobs';
import type { Providers } from '../providers';
import { useTestApp } from '../testing/route-suite';
import { countOutsideCalls, createAppMetrics, METRICS_PATH } from './metrics';

const TOKEN = 'metrics-test-token-0123456789';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The value of one series in Prometheus text, or undefined when it is absent. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  const t = useTestApp();

  it('answers the ordinary 404, so nothing shows that metrics exist', async () => {
    const bare = await t.app.inject({ method: 'GET', url: METRICS_PATH });
    const withToken = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers: bearer(TOKEN) });
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-path-at-all' });
    expect(bare.statusCode).toBe(404);
    expect(withToken.statusCode).toBe(404);
    expect(bare.body).toBe(unknown.body);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const t = useTestApp({
    config: {
      metricsToken: TOKEN,
      requestLimits: {
        address: { inFlight: 100, searchesInFlight: 100, perMinute: 3, perHour: 10_000 },
        user: { inFlight: 100, searchesInFlight: 100, perMinute: 100, perHour: 10_000 },
        refusalDelayMs: 0,
      },
    },
  });
  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('refuses a missing or wrong token with 401', async () => {
    const missing = await t.app.inject({ method: 'GET', url: METRICS_PATH });
    const wrong = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers: bearer(`${TOKEN}x`) });
    const notBearer = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: TOKEN } });
    for (const response of [missing, wrong, notBearer]) {
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('http_requests_total');
    }
  });

  it('counts a call under its route pattern, never its URL, with its duration', async () => {
    // From another address: the limits of this suite are for the refusal test below.
    const headers = { 'x-forwarded-for': '10.0.0.1' };
    const call = await t.request({ method: 'GET', url: '/api/legal/privacy-policy', headers });
    expect(call.statusCode).toBe(200);
    const text = await scrape();
    const labels = `method="GET",route="${LegalPath.doc}",status="200"`;
    expect(seriesValue(text, `http_requests_total{${labels}}`)).toBe(1);
    expect(seriesValue(text, `http_request_duration_seconds_count{${labels}}`)).toBe(1);
    expect(text).not.toContain('privacy-policy');
  });

  it('counts database statements and shows the process metrics', async () => {
    const text = await scrape();
    expect(seriesValue(text, 'db_statement_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    if (databaseKind(t.db()) === 'postgres') {
      expect(seriesValue(text, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(seriesValue(text, 'db_pool_waiting_requests')).toBe(0);
    } else {
      expect(text).not.toMatch(/^db_pool_connections\{/m);
    }
  });

  it('reads the queue depth by kind and the oldest due job when scraped', async () => {
    await enqueueJob(t.db(), { kind: 'metrics-test', runAfter: new Date(Date.now() - 60_000) });
    await enqueueJob(t.db(), { kind: 'metrics-test' });
    const text = await scrape();
    expect(seriesValue(text, 'jobs_queued{kind="metrics-test"}')).toBe(2);
    expect(seriesValue(text, 'jobs_oldest_due_age_seconds')).toBeGreaterThanOrEqual(59);
    expect(text).toMatch(/^# TYPE jobs_failed gauge$/m);
  });

  it('counts a request-limit refusal by the limit it hit', async () => {
    const headers = { 'x-forwarded-for': '10.0.0.2' };
    const statuses = [];
    for (let call = 0; call < 4; call++) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/web/time', headers })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 503]);
    expect(seriesValue(await scrape(), 'request_limit_refusals_total{reason="burst"}')).toBe(1);
  });

  it('is not itself limited or signed', async () => {
    for (let call = 0; call < 5; call++) {
      const response = await t.app.inject({
        method: 'GET',
        url: METRICS_PATH,
        headers: { ...bearer(TOKEN), 'x-forwarded-for': '10.0.0.3' },
      });
      expect(response.statusCode, `scrape ${call + 1}`).toBe(200);
    }
  });
});

describe('outside calls', () => {
  it('counts each call of a real adapter by service, provider and outcome; sandboxes not at all', async () => {
    const config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      metricsToken: TOKEN,
      platformDataProvider: 'tikhub' as const,
    };
    const metrics = createAppMetrics(config);
    let fail = false;
    const platformData = {
      fetchVideo: async () => {
        if (fail) throw new Error('vendor down');
        return null;
      },
    };
    async function* stream() {
      yield 'a';
      throw new Error('cut off');
    }
    const providers = countOutsideCalls(metrics, config, {
      platformData,
      hotList: { fetchHotSearch: async () => null },
      llm: { streamChat: stream },
      sms: {},
      payment: { alipay: {}, wechat: {} },
    } as unknown as Providers);

    await providers.platformData.fetchVideo('1');
    fail = true;
    await expect(providers.platformData.fetchVideo('2')).rejects.toThrow('vendor down');
    await (providers.hotList as unknown as { fetchHotSearch(): Promise<null> }).fetchHotSearch();
    // Sandbox (the configured LLM): not an outside call, and its stream is left as it is.
    const chunks: string[] = [];
    await expect(async () => {
      for await (const chunk of providers.llm.streamChat({} as never)) chunks.push(chunk);
    }).rejects.toThrow('cut off');

    const text = (await metrics!.registry.metrics()).split('\n');
    expect(text).toContain('outside_calls_total{service="platformData",provider="tikhub",outcome="ok"} 1');
    expect(text).toContain('outside_calls_total{service="platformData",provider="tikhub",outcome="error"} 1');
    expect(text.filter((line) => line.startsWith('outside_calls_total{'))).toHaveLength(2);
    expect(chunks).toEqual(['a']);
  });

  it('counts a streamed answer when it ends, as an error when it broke off', async () => {
    const config = { ...loadConfig({ NODE_ENV: 'test' }), metricsToken: TOKEN, llmProvider: 'openai' as const };
    const metrics = createAppMetrics(config);
    async function* stream(fail: boolean) {
      yield 'a';
      if (fail) throw new Error('cut off');
      yield 'b';
    }
    const providers = countOutsideCalls(metrics, config, {
      llm: { streamChat: stream },
      payment: {},
    } as unknown as Providers);
    const read = async (fail: boolean) => {
      const chunks: string[] = [];
      for await (const chunk of (providers.llm.streamChat as unknown as typeof stream)(fail)) chunks.push(chunk);
      return chunks;
    };
    expect(await read(false)).toEqual(['a', 'b']);
    await expect(read(true)).rejects.toThrow('cut off');
    const text = (await metrics!.registry.metrics()).split('\n');
    expect(text).toContain('outside_calls_total{service="llm",provider="openai",outcome="ok"} 1');
    expect(text).toContain('outside_calls_total{service="llm",provider="openai",outcome="error"} 1');
  });
});

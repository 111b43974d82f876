import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppConfig } from '../config';
import { connectionPoolState, type Database, observeStatements } from '../db/client';
import { summarizeJobs } from '../features/jobs';
import type { Admission } from '../lib/rate-limit';
import type { Providers } from '../providers';

/** Where Prometheus scrapes; outside `/api`, so no signature, session or request limit applies. */
export const METRICS_PATH = '/metrics';

/** Why the request limits refused a call (plugins/request-limits.ts). */
export type LimitRefusalReason = Extract<Admission, { admitted: false }>['reason'];

/** The outside services whose calls are counted (docs/frame.md, "Health and metrics"). */
type CountedService = 'platformData' | 'hotList' | 'llm' | 'sms' | 'alipay' | 'wechatpay';

/**
 * One app's measurements (docs/frame.md, "Health and metrics"). Made only when METRICS_TOKEN is set: without
 * a reader nothing is measured. Each app has its own registry (tests build many apps in one process); the
 * process's own metrics are one registry for the whole process.
 */
export interface AppMetrics {
  readonly registry: Registry;
  /** A request refused by the request limits, by the limit it hit. */
  countLimitRefusal(reason: LimitRefusalReason): void;
}

interface MetricSet extends AppMetrics {
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  statementDuration: Histogram<'outcome'>;
  outsideCalls: Counter<'service' | 'provider' | 'outcome'>;
  poolConnections: Gauge<'state'>;
  poolWaiting: Gauge;
  jobsQueued: Gauge<'kind'>;
  jobsRunning: Gauge<'kind'>;
  jobsFailed: Gauge<'kind'>;
  jobsOldestDueAge: Gauge;
  jobsReadFailures: Counter;
  requestLimitRefusals: Counter<'reason'>;
}

const metricSets = new WeakMap<AppMetrics, MetricSet>();

/** Node's own metrics (memory, event loop lag, GC, handles), collected once per process. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The app's metrics when the configuration asks for them (METRICS_TOKEN), else null. */
export function createAppMetrics(config: Pick<AppConfig, 'metricsToken'>): AppMetrics | null {
  if (!config.metricsToken) return null;
  const registry = new Registry();
  const registers = [registry];
  const set: MetricSet = {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern (not the raw URL), method and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to the end of its answer, by route pattern, method and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    statementDuration: new Histogram({
      name: 'db_statement_duration_seconds',
      help: 'Time of each database statement (on PGlite a transaction runs as one), by outcome',
      labelNames: ['outcome'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers,
    }),
    outsideCalls: new Counter({
      name: 'outside_calls_total',
      help: 'Calls of outside services through their real adapters, by service, provider and outcome',
      labelNames: ['service', 'provider', 'outcome'],
      registers,
    }),
    poolConnections: new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections, by state (total, idle); absent on PGlite',
      labelNames: ['state'],
      registers,
    }),
    poolWaiting: new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Statements waiting for a PostgreSQL pool connection; absent on PGlite',
      registers,
    }),
    jobsQueued: new Gauge({
      name: 'jobs_queued',
      help: 'Jobs waiting in the queue (due or scheduled later), by kind',
      labelNames: ['kind'],
      registers,
    }),
    jobsRunning: new Gauge({
      name: 'jobs_running',
      help: 'Jobs claimed by a worker, by kind',
      labelNames: ['kind'],
      registers,
    }),
    jobsFailed: new Gauge({
      name: 'jobs_failed',
      help: 'Jobs failed for good and not yet retried, discarded or pruned, by kind',
      labelNames: ['kind'],
      registers,
    }),
    jobsOldestDueAge: new Gauge({
      name: 'jobs_oldest_due_age_seconds',
      help: 'How long the queued job due longest ago has waited for a worker; 0 when none is due',
      registers,
    }),
    jobsReadFailures: new Counter({
      name: 'metrics_jobs_read_failures_total',
      help: 'Scrapes whose reading of the job queue failed (its gauges are then absent)',
      registers,
    }),
    requestLimitRefusals: new Counter({
      name: 'request_limit_refusals_total',
      help: 'Calls refused by the request limits, by the limit hit (inFlight, burst, sustained, blocked)',
      labelNames: ['reason'],
      registers,
    }),
    countLimitRefusal(reason) {
      set.requestLimitRefusals.inc({ reason });
    },
  };
  metricSets.set(set, set);
  return set;
}

/**
 * Measures HTTP answers and database statements into `metrics` and answers `GET /metrics` (Prometheus text) to
 * `Authorization: Bearer <METRICS_TOKEN>`; a wrong or missing token gets 401. Without metrics the path answers
 * the app's ordinary 404, so an installation that has not set the token shows nothing (not even that it exists).
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics | null) {
  const set = metrics ? metricSets.get(metrics) : undefined;
  const token = app.config.metricsToken;
  if (!set || !token) {
    // Registered all the same: the web app's catch-all would otherwise answer the path with the page.
    app.get(METRICS_PATH, (_request, reply) => reply.callNotFound());
    return;
  }

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: one series per route, whatever the ids and queries.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    set.httpRequests.inc(labels);
    set.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  observeStatements(app.db, (seconds, failed) =>
    set.statementDuration.observe({ outcome: failed ? 'error' : 'ok' }, seconds),
  );
  app.addHook('onClose', async () => observeStatements(app.db, null));

  const expected = digest(token);
  app.get(METRICS_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer').type('text/plain').send('unauthorized\n');
    }
    await readScrapeTimeGauges(app, set);
    const [own, process] = await Promise.all([set.registry.metrics(), processMetrics().metrics()]);
    return reply.type(set.registry.contentType).send(`${own}\n${process}`);
  });
}

/** Same-length values for a constant-time comparison whatever the given token's length. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * The gauges read from the database when scraped, not kept up to date on every job: the queue by kind (one
 * summary of the jobs table) and the PostgreSQL pool. A failed read leaves the job gauges empty and counts it.
 */
async function readScrapeTimeGauges(app: FastifyInstance, set: MetricSet) {
  const pool = connectionPoolState(app.db);
  set.poolConnections.reset();
  set.poolWaiting.reset();
  if (pool) {
    set.poolConnections.set({ state: 'total' }, pool.total);
    set.poolConnections.set({ state: 'idle' }, pool.idle);
    set.poolWaiting.set(pool.waiting);
  }
  for (const gauge of [set.jobsQueued, set.jobsRunning, set.jobsFailed, set.jobsOldestDueAge]) gauge.reset();
  try {
    await readQueue(app.db, set);
  } catch (error) {
    set.jobsReadFailures.inc();
    app.log.warn({ err: error }, 'metrics: the job queue could not be read');
  }
}

async function readQueue(db: Database, set: MetricSet) {
  const now = new Date();
  const summary = await summarizeJobs(db, now);
  const byStatus = { queued: set.jobsQueued, running: set.jobsRunning, failed: set.jobsFailed } as const;
  for (const { kind, status, count } of summary.counts) {
    const gauge = byStatus[status as keyof typeof byStatus];
    if (gauge) gauge.set({ kind }, Number(count));
  }
  const oldest = summary.oldestWaiting;
  set.jobsOldestDueAge.set(oldest ? Math.max(0, (now.getTime() - new Date(oldest.dueAt).getTime()) / 1000) : 0);
}

/**
 * Counts the calls of the outside services that go through a real adapter (a sandbox calls nobody): each
 * method's promise settling, or its stream ending, is one call, `ok` or `error`. Counted here, around each
 * provider the factory made, rather than in each adapter: the adapters share no one way of calling out.
 * Returns `providers` itself without metrics.
 */
export function countOutsideCalls(metrics: AppMetrics | null, config: AppConfig, providers: Providers): Providers {
  const set = metrics ? metricSets.get(metrics) : undefined;
  if (!set) return providers;
  const count = (service: CountedService, provider: string) => (outcome: 'ok' | 'error') =>
    set.outsideCalls.inc({ service, provider, outcome });
  const wrap = <T extends object>(service: CountedService, provider: string, target: T): T =>
    provider === 'sandbox' ? target : countingProxy(target, count(service, provider));
  return {
    ...providers,
    platformData: wrap('platformData', config.platformDataProvider, providers.platformData),
    hotList: wrap('hotList', config.hotListProvider, providers.hotList),
    llm: wrap('llm', config.llmProvider, providers.llm),
    sms: wrap('sms', config.smsProvider, providers.sms),
    payment: {
      ...providers.payment,
      alipay: wrap('alipay', config.alipayProvider, providers.payment.alipay),
      wechat: wrap('wechatpay', config.wechatpayProvider, providers.payment.wechat),
    },
  };
}

/** `target` with each method call counted once it settles; other properties read through unchanged. */
export function countingProxy<T extends object>(target: T, settle: (outcome: 'ok' | 'error') => void): T {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver);
      if (typeof value !== 'function') return value;
      let counted = wrapped.get(key);
      if (!counted || (counted as { original?: unknown }).original !== value) {
        counted = Object.assign((...args: unknown[]) => countedCall(() => value.apply(object, args), settle), {
          original: value,
        });
        wrapped.set(key, counted);
      }
      return counted;
    },
  });
}

function countedCall(call: () => unknown, settle: (outcome: 'ok' | 'error') => void): unknown {
  let answer: unknown;
  try {
    answer = call();
  } catch (error) {
    settle('error');
    throw error;
  }
  if (answer instanceof Promise) {
    return answer.then(
      (value) => {
        settle('ok');
        return value;
      },
      (error: unknown) => {
        settle('error');
        throw error;
      },
    );
  }
  if (answer !== null && typeof answer === 'object' && Symbol.asyncIterator in answer) {
    return countedStream(answer as AsyncIterable<unknown>, settle);
  }
  settle('ok');
  return answer;
}

/** A streamed answer (the LLM's) counts when it ends: `error` when it broke off, else `ok` (a reader leaving too). */
async function* countedStream(stream: AsyncIterable<unknown>, settle: (outcome: 'ok' | 'error') => void) {
  let failed = false;
  try {
    yield* stream;
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    settle(failed ? 'error' : 'ok');
  }
}

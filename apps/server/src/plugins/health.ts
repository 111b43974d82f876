import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { queryRows } from '../db/client';
import { isMigrationApplied, lastShippedMigration, type ShippedMigration } from '../db/migrations';
import { answerWithin } from '../lib/shutdown';

/** The process answers at all: for a liveness probe (a restart when it fails). */
export const HEALTHZ_PATH = '/healthz';
/** The instance should be sent traffic: for a load balancer's readiness check. */
export const READYZ_PATH = '/readyz';

/** How long each readiness check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 1_000;

/** One check's result: `skipped` when an earlier one it depends on failed. */
export type CheckResult = 'ok' | 'failed' | 'timeout' | 'behind' | 'skipped';

export interface HealthOptions {
  /** The migration the database must have applied; the journal's last by default (tests name a later one). */
  expectedMigration?: ShippedMigration;
  /** How long each readiness check may take (1 s by default). */
  checkTimeoutMs?: number;
}

/**
 * `GET /healthz` and `GET /readyz` (docs/frame.md, "Health and metrics"). Both are outside `/api`, so no
 * signature, session or request limit applies, and neither answers in the envelope: load balancers read the
 * HTTP status. The answers name checks, never errors (they are public); the reasons go to the log.
 */
export function registerHealth(app: FastifyInstance, options: HealthOptions = {}) {
  const timeoutMs = options.checkTimeoutMs ?? CHECK_TIMEOUT_MS;
  const redis = app.config.redisUrl ? lazyRedis(app.config.redisUrl) : null;
  if (redis) app.addHook('onClose', async () => redis.close());

  app.get(HEALTHZ_PATH, async () => ({ status: 'ok' }));

  app.get(READYZ_PATH, async (request, reply) => {
    // A stopping server is taken out of the rotation first, while it still answers its last requests.
    if (app.draining.aborted) {
      return reply.status(503).send({ status: 'unavailable', failed: ['draining'], checks: { draining: 'failed' } });
    }
    const checks: Record<string, CheckResult> = {};
    const check = async (name: string, run: () => Promise<CheckResult>) => {
      const settled = run().catch((error: unknown) => {
        request.log.warn({ err: error, check: name }, 'readiness check failed');
        return 'failed' as const;
      });
      const result = (await answerWithin(settled, timeoutMs)) ?? 'timeout';
      if (result === 'timeout') request.log.warn({ check: name, timeoutMs }, 'readiness check timed out');
      checks[name] = result;
      return result;
    };

    const [database, redisCheck] = await Promise.all([
      check('database', async () => {
        await queryRows(app.db, sql`SELECT 1`);
        return 'ok';
      }),
      redis ? check('redis', () => redis.ping()) : null,
    ]);
    if (database === 'ok') {
      await check('migrations', async () => {
        const expected = options.expectedMigration ?? (await lastShippedMigration());
        return (await isMigrationApplied(app.db, expected)) ? 'ok' : 'behind';
      });
    } else {
      checks.migrations = 'skipped';
    }
    // Redis is reported, not required: the limits fall back to this process's memory while it is away
    // (docs/frame.md, "Backend outages"), and failing here would take every instance out of the rotation at once.
    const failed = Object.entries(checks)
      .filter(([name, result]) => name !== 'redis' && result !== 'ok' && result !== 'skipped')
      .map(([name]) => name);
    if (failed.length > 0) return reply.status(503).send({ status: 'unavailable', failed, checks });
    return { status: redisCheck && redisCheck !== 'ok' ? 'degraded' : 'ready', checks };
  });
}

/**
 * A Redis client of its own for the readiness PING, connected on the first check. Like the limits' client
 * it queues nothing and retries no command, so a check while Redis is away fails at once.
 */
function lazyRedis(url: string) {
  let connection: { client: Redis; connected: Promise<unknown> } | null = null;
  const connect = () => {
    if (connection) return connection;
    const client = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1_000,
      retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
    });
    // Every failed reconnect emits an error; the failed check is what reports it.
    client.on('error', () => undefined);
    connection = { client, connected: client.connect().catch(() => undefined) };
    return connection;
  };
  return {
    async ping(): Promise<CheckResult> {
      const { client, connected } = connect();
      await connected;
      return (await client.ping()) === 'PONG' ? 'ok' : 'failed';
    },
    async close() {
      connection?.client.disconnect();
    },
  };
}

/**
 * Which failures of PostgreSQL, PGlite and Redis mean "the backend is away or overloaded, try again
 * shortly" (650, HTTP 503) rather than "we have a bug" (500). Drivers and the ORM wrap each other's
 * errors (drizzle's DrizzleQueryError keeps the pg error as `cause`, a pool's connect attempt may fail
 * with an AggregateError of every address), so every check walks the whole chain.
 */

/**
 * SQLSTATE classes and codes of an outage: connection exceptions, insufficient resources, shutdowns,
 * a database being dropped or closed to connections (see `isClosedDatabase`). Left out on purpose, so
 * they answer 500 and log at error: 3D000 (the configured database does not exist), 28000 (pg_hba.conf
 * or the role refuses the login) and 28P01 (wrong password). The server could not have started with
 * them, so at run time they mean someone changed the database's names, roles or access rules: no retry
 * heals that, and 650 would have clients refresh for ever while the logs call it a passing outage.
 */
const outageSqlStateClasses = ['08', '53'];
const outageSqlStates = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a restart
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '57P04', // database_dropped: connecting while the database is dropped, as a restore from backup does
  '57014', // query_canceled: statement_timeout under load
  '55P03', // lock_not_available: lock_timeout under contention
  '40001', // serialization_failure, once the transaction retries are used up
  '40P01', // deadlock_detected, likewise
]);

/** Conflicts a transaction may simply run again (db/client.ts retries them). */
const retryableSqlStates = new Set(['40001', '40P01']);

/** Socket-level failures, from pg, ioredis and node-redis alike. */
const outageErrnos = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

/** Error names of Redis clients that mean the server cannot be reached. */
const outageErrorNames = new Set([
  'MaxRetriesPerRequestError', // ioredis, after its reconnect attempts for one command
  'ClientClosedError', // node-redis
  'ConnectionTimeoutError', // node-redis
  'SocketClosedUnexpectedlyError', // node-redis
]);

/** Messages without a code: pg's pool and client, ioredis's closed connection. */
const outageMessages = [
  /^Connection terminated/, // pg: the server closed the socket mid-query
  /^timeout exceeded when trying to connect/, // pg pool: no connection in connectionTimeoutMillis
  /is not queryable/, // pg: a client that already saw a connection error
  /^Connection is closed\.?$/, // ioredis
  /^Stream isn't writeable/, // ioredis without an offline queue, between connections
  /^(LOADING|BUSY|MISCONF|READONLY|CLUSTERDOWN|TRYAGAIN|MASTERDOWN)\b/, // Redis replies of a busy server
];

/** The error and everything it wraps (`cause`, AggregateError's `errors`), breadth-first and bounded. */
export function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  const queue: unknown[] = [error];
  while (queue.length > 0 && chain.length < 20) {
    const current = queue.shift();
    if (current === undefined || current === null || chain.includes(current)) continue;
    chain.push(current);
    if (typeof current !== 'object') continue;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    if (cause !== undefined) queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return chain;
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * 55000 (object_not_in_prerequisite_state) is an outage only as the refusal of a new session by a
 * database closed to connections (`ALTER DATABASE … ALLOW_CONNECTIONS false`, for maintenance): other
 * 55000s are statements used in the wrong state, bugs. The routine PostgreSQL names is not translated
 * (the message is, under another lc_messages), so it comes first.
 */
function isClosedDatabase(error: unknown): boolean {
  if (codeOf(error) !== '55000' || typeof error !== 'object' || error === null) return false;
  const { routine, message } = error as { routine?: unknown; message?: unknown };
  return (
    routine === 'CheckMyDatabase' ||
    (typeof message === 'string' && /is not currently accepting connections/.test(message))
  );
}

function isOutageLink(error: unknown): boolean {
  const code = codeOf(error);
  if (isClosedDatabase(error)) return true;
  if (code) {
    if (outageSqlStates.has(code) || outageErrnos.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && outageSqlStateClasses.includes(code.slice(0, 2))) return true;
  }
  if (!(error instanceof Error)) return false;
  if (outageErrorNames.has(error.name)) return true;
  return outageMessages.some((pattern) => pattern.test(error.message));
}

/** Whether a failure anywhere in the chain means the database or Redis is unreachable or overloaded. */
export function isBackendOutage(error: unknown): boolean {
  return errorChain(error).some(isOutageLink);
}

/** Whether a failure is a serialization failure or a deadlock, which the same transaction may retry. */
export function isRetryableConflict(error: unknown): boolean {
  return errorChain(error).some((link) => {
    const code = codeOf(link);
    return code !== undefined && retryableSqlStates.has(code);
  });
}

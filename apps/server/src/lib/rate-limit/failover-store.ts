import type { FastifyBaseLogger } from 'fastify';
import { isBackendOutage } from '../backend-faults';
import type { Admission, RateLimitStore } from './index';

/** A shared store (Redis) whose connection state the breaker can read without a round trip. */
export interface ProbedRateLimitStore extends RateLimitStore {
  /** Whether the connection is up and ready for commands now. */
  isReady(): boolean;
  /**
   * Resolves once the connection is ready: at once when it is, when the attempt under way succeeds
   * (the first connection at start-up), and rejects at once when there is no connection and none is
   * being made (the client is waiting to reconnect).
   */
  untilReady(): Promise<void>;
  /** One round trip; rejects while the service is away or not yet serving (LOADING). */
  ping(): Promise<void>;
}

export interface FailoverOptions {
  primary: ProbedRateLimitStore;
  fallback: RateLimitStore;
  log?: FastifyBaseLogger | undefined;
  /** The longest one call waits for the primary before it counts in the fallback instead. */
  deadlineMs?: number;
  /** How often, while the breaker is open, the primary is asked whether it is back. */
  probeMs?: number;
}

/**
 * A Redis that is down (refused or reset connections) is known at once from the connection's state;
 * the deadline is for one that hangs (a paused or partitioned server whose socket has not failed yet).
 * A nearby Redis answers in well under a millisecond; 100 ms is the longest a request waits for it.
 */
const DEADLINE_MS = 100;
const PROBE_MS = 500;

/** The primary is not connected or took longer than its deadline. */
class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

/** Slots carry the store that gave them, so each is released where it was taken. */
const PRIMARY_SLOT = 'r:';
const FALLBACK_SLOT = 'm:';

/**
 * A circuit breaker between the shared store and this process's memory (docs/frame.md, "Backend
 * outages"). Closed, every call goes to the primary. It opens at once when the primary is not
 * connected, fails with an outage error or misses its deadline; open, every call is counted in the
 * fallback without touching the primary, so no request waits for connect or retry timeouts, and a
 * background probe (the client reconnects on its own; the probe PINGs once it has) closes it again.
 * Limits are then per process until the primary returns: counts start afresh in memory, and counts
 * and blocks made in the primary before the outage apply again after it.
 */
export function createFailoverRateLimitStore(options: FailoverOptions): RateLimitStore {
  const { primary, fallback, log } = options;
  const deadlineMs = options.deadlineMs ?? DEADLINE_MS;
  const probeMs = options.probeMs ?? PROBE_MS;
  let open = false;
  let probeTimer: ReturnType<typeof setInterval> | null = null;
  let probing = false;

  const probe = async () => {
    if (probing || !primary.isReady()) return;
    probing = true;
    try {
      await withDeadline(primary.ping(), deadlineMs * 4);
      open = false;
      if (probeTimer) clearInterval(probeTimer);
      probeTimer = null;
      log?.info('rate limits: Redis is back, limits are shared again');
    } catch {
      // Still away: the next probe asks again.
    } finally {
      probing = false;
    }
  };

  const trip = (reason: unknown) => {
    if (open) return;
    open = true;
    log?.warn({ err: reason }, 'rate limits: Redis unavailable, counting in this process until it returns');
    probeTimer = setInterval(() => void probe(), probeMs);
    // The probe must not keep a process alive that is otherwise done.
    probeTimer.unref();
  };

  /** The operation on the primary while the breaker is closed and the primary answers; else on the fallback. */
  const run = async <T>(operation: (store: RateLimitStore) => Promise<T>): Promise<T> => {
    if (!open) {
      try {
        if (!primary.isReady()) {
          await withDeadline(primary.untilReady(), deadlineMs).catch((error: unknown) => {
            throw new StoreUnavailableError('Redis is not connected', { cause: error });
          });
        }
        return await withDeadline(operation(primary), deadlineMs);
      } catch (error) {
        if (!(error instanceof StoreUnavailableError) && !isBackendOutage(error)) throw error;
        trip(error);
      }
    }
    return operation(fallback);
  };

  return {
    increment: (key, windowMs, amount) => run((store) => store.increment(key, windowMs, amount)),
    read: (key) => run((store) => store.read(key)),
    clear: (key) => run((store) => store.clear(key)),
    block: (key, ttlMs) => run((store) => store.block(key, ttlMs)),
    blockedFor: (key) => run((store) => store.blockedFor(key)),
    async admit(key, rule): Promise<Admission> {
      let origin = FALLBACK_SLOT;
      const admission = await run((store) => {
        origin = store === primary ? PRIMARY_SLOT : FALLBACK_SLOT;
        return store.admit(key, rule);
      });
      return admission.admitted ? { admitted: true, slot: `${origin}${admission.slot}` } : admission;
    },
    async release(key, slot) {
      const id = slot.slice(PRIMARY_SLOT.length);
      if (slot.startsWith(FALLBACK_SLOT)) return fallback.release(key, id);
      // A slot the primary gave while it is away frees itself when its lease runs out.
      if (open || !primary.isReady()) return;
      await withDeadline(primary.release(key, id), deadlineMs).catch(() => undefined);
    },
    async close() {
      if (probeTimer) clearInterval(probeTimer);
      probeTimer = null;
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}

/**
 * The work's outcome, or StoreUnavailableError once `ms` have passed. The verdict waits two more turns
 * of the event loop after the timer: when the loop was blocked past the deadline, timers run before
 * sockets are read, and an answer already on its way must still win (one turn reads a reply waiting on
 * the socket; the second one a reply relayed within this process, as the outage tests' proxy does).
 */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const expire = () => {
      if (settled) return;
      settled = true;
      reject(new StoreUnavailableError(`no answer within ${ms} ms`));
    };
    const timer = setTimeout(() => setImmediate(() => setImmediate(expire)), ms);
    work.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

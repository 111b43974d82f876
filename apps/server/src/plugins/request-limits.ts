import { isIPv6 } from 'node:net';
import { Code, KeywordPath } from '@dso/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClientLimits } from '../config';
import { hashToken } from '../features/account/sessions/sessions.service';
import { AppError } from '../lib/app-error';
import { type Admission, type AdmissionRule, createRateLimitStore, type RateLimitStore } from '../lib/rate-limit';
import { yieldToEventLoop } from '../lib/yield-to-event-loop';
import { isKeyPath } from './key-paths';
import { requestPath } from './request-path';
import { bearerToken } from './session';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A client over its hourly limit is shut out this long: the time 661's message promises (24小时后可继续访问哦). */
export const BLOCK_MS = 24 * HOUR;
/** The longest a request holds its in-flight slot when nothing releases it (a crashed instance). */
const LEASE_MS = 2 * MINUTE;
/** Token → user pairs remembered so that a user's requests are counted as the user's before the session lookup. */
const KNOWN_TOKENS_MAX = 20_000;

/**
 * Calls that each cost a library search: a client may have only a few of them running at once, fewer
 * than of other calls, because on PGlite (one connection) every one running is one the others wait for.
 */
const searchPaths = new Set<string>([KeywordPath.search, KeywordPath.rootWords]);

/** Vendors call these from their own addresses and sign them their own way; a limit could drop a payment notice. */
const exemptPrefixes = ['/api/callback/', '/api/sandbox/'];

declare module 'fastify' {
  interface FastifyRequest {
    /** In-flight slots this request holds, freed when its answer is sent. */
    limitSlots: Array<{ key: string; slot: string }> | null;
  }
}

export interface RequestLimitsOptions {
  /** The store to count in; by default Redis when REDIS_URL is set, else memory (tests pass their own). */
  store?: RateLimitStore | undefined;
  /** Told of each refusal and the limit it hit (the `/metrics` counter). */
  onRefusal?: (reason: Extract<Admission, { admitted: false }>['reason']) => void;
}

/**
 * Per-address and per-user limits on every `/api` call (docs/frame.md, "Request limits"). They run in
 * `onRequest`, right after the signature check and before the session lookup or any other database
 * work, so a client over its limits costs one store call and never waits for a pool connection:
 * - too many requests in flight, or too many this minute → 650 (serveBusy, 刷新试试), HTTP 503;
 * - too many this hour → 661 (ipBusy, 访问过于频繁，24小时后可继续访问哦), HTTP 429, and shut out for 24 hours.
 * A signed-in user is counted as the user (whatever the address) and also at the address. The user is
 * known from the token without the database once the token has been seen; until then (a session's
 * first request) the session stands for the user.
 */
export function registerRequestLimits(app: FastifyInstance, options: RequestLimitsOptions = {}) {
  const limits = app.config.requestLimits;
  if (!limits) return;
  const store = options.store ?? createRateLimitStore({ redisUrl: app.config.redisUrl, log: app.log });
  if (!options.store) app.addHook('onClose', () => store.close());
  const addressRule = admissionRule(limits.address);
  const userRule = admissionRule(limits.user);
  const addressSearchRule = searchRule(limits.address);
  const userSearchRule = searchRule(limits.user);
  const knownTokens = new Map<string, number>();
  /** Each request's token hash, taken once in onRequest and read again when its user is remembered. */
  const tokenHashes = new WeakMap<FastifyRequest, string>();

  app.decorateRequest('limitSlots', null);

  const release = (request: FastifyRequest) => {
    const held = request.limitSlots;
    if (!held) return;
    request.limitSlots = null;
    for (const { key, slot } of held) {
      store.release(key, slot).catch((error) => request.log.warn({ err: error }, 'request limits: release failed'));
    }
  };

  app.addHook('onRequest', async (request, reply) => {
    const pathname = requestPath(request);
    // The key paths are limited per key by the api-keys feature (plugins/key-paths.ts).
    if (
      !pathname.startsWith('/api/') ||
      isKeyPath(pathname) ||
      exemptPrefixes.some((prefix) => pathname.startsWith(prefix))
    )
      return;
    const held: Array<{ key: string; slot: string }> = [];
    request.limitSlots = held;
    // 'close' comes after the answer is written, and also when the client goes away first.
    reply.raw.once('close', () => release(request));

    const token = bearerToken(request);
    const tokenHash = token ? hashToken(token) : null;
    if (tokenHash) tokenHashes.set(request, tokenHash);
    const knownUser = tokenHash ? knownTokens.get(tokenHash) : undefined;
    const address = `req:ip:${addressKey(request.ip)}`;
    const user = tokenHash ? (knownUser ? `req:user:${knownUser}` : `req:session:${tokenHash}`) : null;
    const clients: Array<[string, AdmissionRule]> = [[address, addressRule]];
    if (user) clients.push([user, userRule]);
    if (searchPaths.has(pathname)) {
      clients.push([`${address}:search`, addressSearchRule]);
      if (user) clients.push([`${user}:search`, userSearchRule]);
    }

    for (const [key, rule] of clients) {
      let admission: Admission;
      try {
        admission = await store.admit(key, rule);
      } catch (error) {
        // Without its store the product would be down altogether; it runs unlimited meanwhile.
        request.log.warn({ err: error }, 'request limits: store unavailable, request let through');
        continue;
      }
      if (!admission.admitted) {
        release(request);
        options.onRefusal?.(admission.reason);
        // A client keeping many connections open would otherwise ask again the moment it is refused, and
        // refusing thousands of calls a second is itself what slows everyone else. The wait holds no slot.
        const wait = refusalWait(limits.refusalDelayMs);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        throw refusal(admission.reason);
      }
      held.push({ key, slot: admission.slot });
    }
    // Let the requests that arrived together be admitted or refused before this one starts its database
    // work: PGlite runs a query without giving the event loop back, so otherwise each request would run
    // to its end before the next is even counted, and no client would ever have two in flight.
    await yieldToEventLoop();
  });

  // Once the session layer has resolved a token, later requests with it count as its user at once.
  const rememberUser = (request: FastifyRequest) => {
    if (request.userId === null) return;
    const tokenHash = tokenHashes.get(request);
    if (!tokenHash || knownTokens.has(tokenHash)) return;
    if (knownTokens.size >= KNOWN_TOKENS_MAX) {
      const oldest = knownTokens.keys().next().value;
      if (oldest !== undefined) knownTokens.delete(oldest);
    }
    knownTokens.set(tokenHash, request.userId);
  };

  app.addHook('onResponse', async (request) => {
    release(request);
    rememberUser(request);
  });
}

/**
 * How long one refused call waits before its answer: the configured delay spread evenly over half to
 * one and a half times itself. With one fixed delay, a client whose 300 calls were refused together got
 * 300 answers together and sent 300 calls again together, a wave every 2 s that every other user's call
 * meeting it waited behind (the fairness benchmark's slowest calls); spread, the same calls arrive as a
 * trickle. The mean stays the configured delay.
 */
export function refusalWait(delayMs: number, random: () => number = Math.random): number {
  return delayMs > 0 ? Math.round(delayMs * (0.5 + random())) : 0;
}

function admissionRule(limits: ClientLimits): AdmissionRule {
  return {
    inFlight: limits.inFlight,
    leaseMs: LEASE_MS,
    burst: { limit: limits.perMinute, windowMs: MINUTE },
    sustained: { limit: limits.perHour, windowMs: HOUR, blockMs: BLOCK_MS },
  };
}

/** Searches in flight only: their rate is already counted by the client's own rule. */
function searchRule(limits: ClientLimits): AdmissionRule {
  const unbounded = { limit: Number.MAX_SAFE_INTEGER, windowMs: MINUTE };
  return {
    inFlight: limits.searchesInFlight,
    leaseMs: LEASE_MS,
    burst: unbounded,
    sustained: { ...unbounded, blockMs: 1 },
  };
}

function refusal(reason: Extract<Admission, { admitted: false }>['reason']): AppError {
  return reason === 'blocked' || reason === 'sustained' ? new AppError(Code.IP_BUSY) : new AppError(Code.SERVER_BUSY);
}

/**
 * The client an address stands for. An IPv6 host is handed a whole /64 and can pick any address in
 * it, so IPv6 is counted per /64; IPv4 (also when written IPv4-mapped) per address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

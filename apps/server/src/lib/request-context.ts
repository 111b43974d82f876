import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * The request a piece of work runs for, without threading it through every service: the usage ledger
 * records which request charged a unit (so a support question "where did my searches go" can be
 * matched with the logs), and the services that charge are called from routes, jobs and scripts alike.
 */
interface RequestContext {
  requestId: string;
  /** The request id when the load balancer gave it (see {@link currentBalancerRequestId}). */
  balancerRequestId: string | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs every request's hooks and handler inside its own context (before any other hook). */
export function registerRequestContext(app: FastifyInstance) {
  // A callback hook, so the rest of the request runs inside `run` (an async hook's continuation would not).
  app.addHook('onRequest', (request, _reply, done) => {
    // Behind a trusted proxy (`request.ips` then lists it and the client), a request id taken from X-Request-ID is the
    // balancer's: deploy/haproxy.cfg sets it on every request, over any the client sent.
    const given = request.headers['x-request-id'];
    const viaBalancer = (request.ips?.length ?? 0) > 1 && given === request.id;
    storage.run({ requestId: request.id, balancerRequestId: viaBalancer ? request.id : null }, done);
  });
}

/** The id of the request being served, or undefined in a job or script. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * The id the load balancer gave the request being served, or undefined (a direct client, a job, a script). The same
 * request retried by the balancer on another instance (HAProxy's `retry-on`, after an instance died holding it) carries
 * the same id, so a charge can see that this request was already charged. A client's own X-Request-ID never counts: it
 * could name an earlier request to be answered again for free.
 */
export function currentBalancerRequestId(): string | undefined {
  return storage.getStore()?.balancerRequestId ?? undefined;
}

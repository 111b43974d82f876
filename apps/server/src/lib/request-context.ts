import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * The request a piece of work runs for, without threading it through every service: the usage ledger
 * records which request charged a unit (so a support question "where did my searches go" can be
 * matched with the logs), and the services that charge are called from routes, jobs and scripts alike.
 */
interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs every request's hooks and handler inside its own context (before any other hook). */
export function registerRequestContext(app: FastifyInstance) {
  // A callback hook, so the rest of the request runs inside `run` (an async hook's continuation would not).
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run({ requestId: request.id }, done);
  });
}

/** The id of the request being served, or undefined in a job or script. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

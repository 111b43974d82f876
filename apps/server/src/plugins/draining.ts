import type { FastifyInstance } from 'fastify';
import { settlesWithin } from '../lib/shutdown';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Aborted when the server starts shutting down: a long poll answers at once instead of holding its
     * request for seconds, so the client asks again, of another instance.
     */
    draining: AbortSignal;
    /**
     * Stops accepting connections and lets the requests in flight finish within `withinMs`, then closes
     * the connections still open. Resolves true when every request finished in time.
     */
    drainRequests(withinMs: number): Promise<boolean>;
  }
}

/**
 * The first step of a shutdown (docs/frame.md, "Shutdown"). Fastify's own close waits for in-flight
 * requests but not within a bound, and a keep-alive connection whose request finishes during it stays
 * open until its idle timeout (72 s): a QR long poll's connection kept a stopping server alive for
 * 25 s + 72 s. While draining, every answer carries `Connection: close`, so each connection ends with its
 * last request.
 */
export function registerDraining(app: FastifyInstance) {
  const controller = new AbortController();
  app.decorate('draining', controller.signal);
  app.decorate('drainRequests', async (withinMs: number) => {
    controller.abort();
    if (!app.server.listening) return true;
    const closed = new Promise<void>((resolve) => app.server.close(() => resolve()));
    app.server.closeIdleConnections();
    if (await settlesWithin(closed, withinMs)) return true;
    app.log.warn({ withinMs }, 'requests still running at the end of the shutdown grace: closing their connections');
    app.server.closeAllConnections();
    await closed;
    return false;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (controller.signal.aborted) reply.header('connection', 'close');
  });
}

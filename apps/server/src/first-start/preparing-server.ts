import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Code } from '@dso/contract';
import Fastify, { type FastifyInstance, type FastifyServerFactory, LogController } from 'fastify';
import { escapeHtml } from '../lib/html-page';
import { maskedLogger } from '../lib/log-masking';
import { requestPath } from '../plugins/request-path';
import { registerWebApp } from '../plugins/web-app';
import type { SeedProgress } from './seed-progress';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The one listening socket of a first start: it opens before the demo seed runs and is
 * never closed in between. Requests go to whichever handler is in use: the preparing app while the
 * first-run process seeds, then the real app, which gets this server through Fastify's
 * `serverFactory` and takes over with {@link SharedListener.use}. A connection kept alive across the
 * hand-over simply has its next request answered by the real app.
 */
export interface SharedListener {
  server: Server;
  /** The address it listens at, as Fastify's own listen logs it. */
  address: string;
  /** Routes every request from now on to `handler`. */
  use(handler: Handler): void;
  /**
   * For `buildApp`: hands the app this server (already listening; the app must not `listen`) with
   * Fastify's timeouts, and keeps its handler for {@link SharedListener.takeOver}.
   */
  serverFactory: FastifyServerFactory;
  /** Routes every request to the app built with {@link SharedListener.serverFactory}. */
  takeOver(): void;
}

export async function listenShared(host: string, port: number): Promise<SharedListener> {
  let current: Handler = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  let appHandler: Handler | null = null;
  const server = createServer((request, response) => current(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address();
  const address =
    typeof bound === 'object' && bound
      ? `http://${bound.family === 'IPv6' ? `[${bound.address}]` : bound.address}:${bound.port}`
      : String(bound);
  return {
    server,
    address,
    use(handler) {
      current = handler;
    },
    serverFactory: (handler, fastifyOptions) => {
      appHandler = handler as Handler;
      const options = fastifyOptions as {
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
        maxRequestsPerSocket?: number;
      };
      // What Fastify applies to a server it creates itself (fastify/lib/server.js).
      server.keepAliveTimeout = options.keepAliveTimeout ?? server.keepAliveTimeout;
      server.requestTimeout = options.requestTimeout ?? server.requestTimeout;
      server.setTimeout(options.connectionTimeout ?? 0);
      if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
    takeOver() {
      if (!appHandler) throw new Error('takeOver before an app was built with serverFactory');
      current = appHandler;
    },
  };
}

/** How long a client should wait before asking again (the notice polls at this pace too). */
export const PREPARING_RETRY_SECONDS = 2;

/**
 * The small app that answers while the first-run process seeds (the database is that process's until
 * it exits): the built web app's HTML and assets as the real app serves them, and every API call the
 * envelope `{ code: 650, msg, data: { preparing } }` with HTTP 503 and Retry-After (contract
 * first-start.ts), which the web app shows as a full-page notice. Without a built web app, pages get a
 * short HTML notice that reloads itself.
 */
export async function buildPreparingApp(options: {
  webDist: string | undefined;
  progress: SeedProgress;
  logLevel: string;
}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: maskedLogger({ level: options.logLevel, base: { component: 'first-start' } }),
    // The notice polls every few seconds; the seed's own lines say what is happening.
    logController: new LogController({ disableRequestLogging: true }),
  });
  if (options.webDist) await registerWebApp(app, options.webDist);
  app.setNotFoundHandler(async (request, reply) => {
    const { msg, preparing } = options.progress.view();
    reply.code(503).header('retry-after', String(PREPARING_RETRY_SECONDS)).header('cache-control', 'no-store');
    if (requestPath(request).startsWith('/api/') || request.method !== 'GET') {
      return reply.send({ code: Code.SERVER_BUSY, msg, data: { preparing } });
    }
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">` +
          `<meta http-equiv="refresh" content="${PREPARING_RETRY_SECONDS}"><title>正在准备</title></head>` +
          `<body><p>${escapeHtml(msg)}</p><p>${preparing.percent}%</p></body></html>`,
      );
  });
  await app.ready();
  return app;
}

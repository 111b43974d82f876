import { AccountPath, Code, FramePath } from '@dso/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkToken } from '../features/account/sessions/sessions.service';
import { AppError } from '../lib/app-error';
import { isKeyPath } from './key-paths';
import { requestPath } from './request-path';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session behind the request's token, when there is one. */
    sessionId: number | null;
  }
}

/**
 * Paths that must answer even with a dead token: logging out of a kicked session, the clock, and the
 * operator's public details (the footer's ICP line shows whatever state the session is in).
 */
const tokenTolerantPaths = new Set<string>([AccountPath.logout, FramePath.serverTime, FramePath.siteInfo]);
const CONSOLE_PATH_PREFIX = '/api/console/';

/**
 * Resolves the `authorization` token on every API call. A dead token is refused on any signed call
 * with the code that tells the client what happened: 800 invalid, 801 expired, 803 kicked.
 */
export function registerSessions(app: FastifyInstance) {
  app.decorateRequest('sessionId', null);
  app.addHook('preHandler', async (request) => {
    const token = bearerToken(request);
    const pathname = requestPath(request);
    // An API key is not a session token: the key paths authenticate it themselves (plugins/key-paths.ts).
    if (!token || !pathname.startsWith('/api/') || isKeyPath(pathname)) return;
    const check = await checkToken(app.db, token);
    if ('failure' in check) {
      // The console has sessions of its own: a member's stale token must not stand in front of them.
      if (tokenTolerantPaths.has(pathname) || pathname.startsWith(CONSOLE_PATH_PREFIX)) return;
      throw check.failure;
    }
    request.userId = check.userId;
    request.sessionId = check.sessionId;
  });
}

/** The session token of the `authorization` header, with or without the `Bearer ` scheme. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  return header.replace(/^Bearer\s+/i, '') || null;
}

/** The signed-in user's id, or 800 asking the client to log in. */
export function requireUser(request: FastifyRequest): number {
  if (request.userId === null) throw new AppError(Code.TOKEN_INVALID, '请先登录');
  return request.userId;
}

import { ConsolePath, consoleAuditQuerySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { allow } from '../console.access';
import { listAudit } from './audit.service';

/** The audit log, read-only: there is no call that changes it, and the database refuses to. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ConsolePath.audit,
    { preHandler: allow('audit.read'), schema: { querystring: consoleAuditQuerySchema } },
    async (request) => ok(await listAudit(app.db, request.query)),
  );
};

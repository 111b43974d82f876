import { ConsoleSystemPath } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { allow } from '../console.access';
import { readSystem } from './system.service';

/** The console's 系统 call (docs/console.md, "System"): 管理员 only (system.read), read-only. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(ConsoleSystemPath.system, { preHandler: allow('system.read') }, async () =>
    ok(await readSystem(app.db, app.config)),
  );
};

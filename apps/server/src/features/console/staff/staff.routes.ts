import { ConsolePath, consoleStaffCreateBodySchema, consoleStaffDisableBodySchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { actorOf, allow } from '../console.access';
import { createStaff, disableStaff, listStaff } from './staff.service';

/** Staff accounts (管理员 only): list, create, disable; each change audited. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { preHandler: allow('staff.manage') };

  app.get(ConsolePath.staff, guard, async () => ok(await listStaff(app.db)));

  app.post(ConsolePath.staffCreate, { ...guard, schema: { body: consoleStaffCreateBodySchema } }, async (request) =>
    ok(await createStaff(app.db, actorOf(request), request.body), '员工已创建'),
  );

  app.post(ConsolePath.staffDisable, { ...guard, schema: { body: consoleStaffDisableBodySchema } }, async (request) => {
    const result = await disableStaff(app.db, actorOf(request), {
      id: request.body.id,
      reason: request.body.reason,
      now: new Date(),
    });
    return ok(result.staff, '员工已停用');
  });
};

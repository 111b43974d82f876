import {
  ConsolePath,
  consolePasswordBodySchema,
  consoleStaffCreateBodySchema,
  consoleStaffDisableBodySchema,
  consoleStaffResetPasswordBodySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { actorOf, allow, requireStaffSession } from '../console.access';
import { createStaff, disableStaff, listStaff } from './staff.service';
import { changeOwnPassword, resetStaffPassword } from './staff-password.service';

/**
 * Staff accounts (管理员 only): list, create, disable, reset a password; each change audited. And every
 * staff member's own password.
 */
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

  app.post(
    ConsolePath.staffResetPassword,
    { ...guard, schema: { body: consoleStaffResetPasswordBodySchema } },
    async (request) => {
      const { id, password, reason } = request.body;
      const result = await resetStaffPassword(app.db, actorOf(request), { id, password, reason, now: new Date() });
      return ok({ ended_sessions: result.endedSessions }, '密码已重置，该员工需重新登录');
    },
  );

  app.post(
    ConsolePath.password,
    { preHandler: async (request) => void requireStaffSession(request), schema: { body: consolePasswordBodySchema } },
    async (request) => {
      const { staff, session } = requireStaffSession(request);
      const result = await changeOwnPassword(app.db, {
        staffId: staff.id,
        sessionId: session.id,
        oldPassword: request.body.old_password,
        newPassword: request.body.new_password,
        now: new Date(),
      });
      return ok({ ended_sessions: result.endedSessions }, '密码已修改');
    },
  );
};

import {
  MonitorAlertPath,
  monitorAlertListQuerySchema,
  monitorAlertMessages,
  monitorAlertReadBodySchema,
  monitorAlertSettingBodySchema,
} from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/session';
import { alertSetting, listAlerts, readAlerts, saveAlertSetting, testAlertSetting } from './monitor-alerts';

/** 排名预警: the in-app list of big moves and the 企业微信 push setting; login required for each call. */
export const monitorAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(MonitorAlertPath.list, { schema: { querystring: monitorAlertListQuerySchema } }, async (request) =>
    ok(await listAlerts(app.db, requireUser(request), request.query)),
  );

  app.post(MonitorAlertPath.read, { schema: { body: monitorAlertReadBodySchema } }, async (request) =>
    ok(await readAlerts(app.db, requireUser(request), request.body), monitorAlertMessages.marked),
  );

  app.get(MonitorAlertPath.setting, async (request) =>
    ok(await alertSetting(app.db, requireUser(request), app.providers.notification)),
  );

  app.post(MonitorAlertPath.saveSetting, { schema: { body: monitorAlertSettingBodySchema } }, async (request) =>
    ok(
      await saveAlertSetting(app.db, requireUser(request), request.body, app.providers.notification),
      monitorAlertMessages.saved,
    ),
  );

  app.post(MonitorAlertPath.testSetting, async (request) => {
    const userId = requireUser(request);
    return ok(null, await testAlertSetting(app.db, userId, app.providers.notification));
  });
};

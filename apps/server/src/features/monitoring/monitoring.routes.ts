import {
  MONITOR_ALIAS,
  MonitoringPath,
  monitorAddBodySchema,
  monitorDailyExportQuerySchema,
  monitorDailyQuerySchema,
  monitorDaysQuerySchema,
  monitorHistoryExportQuerySchema,
  monitorIdBodySchema,
  monitoringMessages,
  monitorKeywordQuerySchema,
  monitorListQuerySchema,
} from '@dso/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { receiveUpload, uploadLimits } from '../../lib/uploads';
import { requireUser } from '../../plugins/session';
import { getPermissionUse } from '../permissions';
import { loadMonitorExample } from './monitor-example';
import { exampleDaily, exampleDashboard, exampleKeywordDetail, exampleList } from './monitor-example.views';
import { monitorUploadExtensions, monitorUploadFormat, readUploadedKeywords } from './monitor-upload';
import { type ExportFile, exportDaily, exportHistory } from './monitoring.export';
import {
  addItem,
  addUploadedKeywords,
  dailySummary,
  dashboard,
  keywordDetail,
  listItems,
  removeItem,
} from './monitoring.service';

/** Sends an export; refusals before it (login) come back as the envelope like any other call. */
function sendFile(reply: FastifyReply, { file, fileName, contentType }: ExportFile) {
  const fallback = `monitoring.${fileName.split('.').at(-1)}`;
  return reply
    .header('content-type', contentType)
    .header(
      'content-disposition',
      `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('cache-control', 'no-store')
    .send(file);
}

/**
 * 关键词排名监控: items, the keyword upload and the history views; login required for each call. The views also
 * answer `type=example` (002 §2): the example's 30 days of sample monitoring, for any signed-in user, reading no
 * item of theirs and spending nothing (monitor-example.ts).
 */
export const monitoringRoutes: FastifyPluginAsyncZod = async (app) => {
  // The upload's limits are the upload guard's (receiveUpload); the dialog sends each file on its own.
  await app.register(fastifyMultipart);

  app.get(MonitoringPath.list, { schema: { querystring: monitorListQuerySchema } }, async (request) => {
    const userId = requireUser(request);
    if (request.query.type !== 'example') return ok(await listItems(app.db, userId, request.query));
    const [example, use] = await Promise.all([
      loadMonitorExample(app.db),
      getPermissionUse(app.db, userId, MONITOR_ALIAS),
    ]);
    return ok(exampleList(example, request.query, use));
  });

  app.post(MonitoringPath.add, { schema: { body: monitorAddBodySchema } }, async (request) => {
    const { item, created } = await addItem(app.db, requireUser(request), request.body);
    return ok(item, created ? monitoringMessages.added : monitoringMessages.alreadyMonitored);
  });

  app.post(MonitoringPath.remove, { schema: { body: monitorIdBodySchema } }, async (request) =>
    ok(await removeItem(app.db, requireUser(request), request.body.id), monitoringMessages.removed),
  );

  app.post(MonitoringPath.upload, async (request) => {
    const userId = requireUser(request);
    const { file } = await receiveUpload(request, {
      limits: uploadLimits.keywordSheet,
      extensions: monitorUploadExtensions,
      typeMessage: monitoringMessages.fileType,
    });
    const keywords = await readUploadedKeywords(file.buffer, monitorUploadFormat(file.name)!);
    return ok(await addUploadedKeywords(app.db, userId, keywords), monitoringMessages.added);
  });

  app.get(MonitoringPath.keyword, { schema: { querystring: monitorKeywordQuerySchema } }, async (request) => {
    const userId = requireUser(request);
    if (request.query.type === 'example')
      return ok(exampleKeywordDetail(await loadMonitorExample(app.db), request.query));
    return ok(await keywordDetail(app.db, userId, request.query));
  });

  app.get(MonitoringPath.dashboard, { schema: { querystring: monitorDaysQuerySchema } }, async (request) => {
    const userId = requireUser(request);
    if (request.query.type === 'example') return ok(exampleDashboard(await loadMonitorExample(app.db), request.query));
    return ok(await dashboard(app.db, userId, request.query));
  });

  app.get(MonitoringPath.daily, { schema: { querystring: monitorDailyQuerySchema } }, async (request) => {
    const userId = requireUser(request);
    if (request.query.type === 'example') return ok(exampleDaily(await loadMonitorExample(app.db), request.query));
    return ok(await dailySummary(app.db, userId, request.query));
  });

  app.get(
    MonitoringPath.dailyExport,
    { schema: { querystring: monitorDailyExportQuerySchema } },
    async (request, reply) =>
      sendFile(
        reply,
        await exportDaily(app.db, requireUser(request), request.query, { fontPath: app.config.invoiceFontPath }),
      ),
  );

  app.get(
    MonitoringPath.historyExport,
    { schema: { querystring: monitorHistoryExportQuerySchema } },
    async (request, reply) => sendFile(reply, await exportHistory(app.db, requireUser(request), request.query)),
  );
};

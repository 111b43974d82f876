import {
  ConsoleDataPath,
  consoleDeriveBodySchema,
  consoleImportQuerySchema,
  consoleImportReportQuerySchema,
  consoleJobActionBodySchema,
  consoleJobsQuerySchema,
} from '@dso/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { receiveUpload, uploadLimits } from '../../../lib/uploads';
import { actorOf, allow } from '../console.access';
import { collectionRoutes } from './collection.routes';
import { importFile, listImports, readImportReport } from './imports.service';
import { discardJob, readDeriveRuns, readJobs, readQueueSummary, retryJob, runDerive } from './jobs.service';

/**
 * The console's 数据 calls (docs/console.md), all under data.manage: imports with their per-row reports,
 * the derive jobs, and the job queue with the retry and discard of a failed job.
 */
export const dataRoutes: FastifyPluginAsyncZod = async (app) => {
  // Receiving is the upload guard's (receiveUpload); what the file holds is the import job's guard's.
  await app.register(fastifyMultipart);
  // 采集: the scheduled collections' status and 立即运行 (docs/collection.md).
  await app.register(collectionRoutes);
  const manage = { preHandler: allow('data.manage') };
  // The reason travels in the query string (consoleImportQuerySchema says why).
  const importSchema = { querystring: consoleImportQuerySchema };

  const uploads = [
    { path: ConsoleDataPath.importKeywords, target: 'keywords', limits: uploadLimits.keywordSheet },
    { path: ConsoleDataPath.importVideos, target: 'videos', limits: uploadLimits.videoUpload },
  ] as const;
  for (const { path, target, limits } of uploads) {
    app.post(path, { ...manage, schema: importSchema }, async (request) => {
      const { file, fields } = await receiveUpload(request, { limits });
      const upload = { name: file.name, buffer: file.buffer, fields };
      return ok(
        await importFile(app.db, actorOf(request), { target, upload, reason: request.query.reason }),
        '已提交导入',
      );
    });
  }

  app.get(ConsoleDataPath.imports, manage, async () => ok(await listImports(app.db)));

  app.get(
    ConsoleDataPath.importReport,
    { ...manage, schema: { querystring: consoleImportReportQuerySchema } },
    async (request) => ok(await readImportReport(app.db, request.query)),
  );

  app.post(ConsoleDataPath.deriveRun, { ...manage, schema: { body: consoleDeriveBodySchema } }, async (request) =>
    ok(await runDerive(app.db, actorOf(request), request.body), '派生任务已排队'),
  );

  app.get(ConsoleDataPath.deriveRuns, manage, async () => ok(await readDeriveRuns(app.db)));

  app.get(ConsoleDataPath.jobSummary, manage, async () => ok(await readQueueSummary(app.db, new Date())));

  app.get(ConsoleDataPath.jobs, { ...manage, schema: { querystring: consoleJobsQuerySchema } }, async (request) =>
    ok(await readJobs(app.db, request.query)),
  );

  app.post(ConsoleDataPath.jobRetry, { ...manage, schema: { body: consoleJobActionBodySchema } }, async (request) =>
    ok(
      await retryJob(app.db, actorOf(request), { jobId: request.body.job_id, reason: request.body.reason }),
      '任务已重新排队',
    ),
  );

  app.post(ConsoleDataPath.jobDiscard, { ...manage, schema: { body: consoleJobActionBodySchema } }, async (request) =>
    ok(
      await discardJob(app.db, actorOf(request), { jobId: request.body.job_id, reason: request.body.reason }),
      '任务已丢弃',
    ),
  );
};

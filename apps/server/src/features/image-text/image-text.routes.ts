import path from 'node:path';
import {
  ImageTextPath,
  imageTextBatchBodySchema,
  imageTextGenerateBodySchema,
  imageTextIdSchema,
  imageTextImageQuerySchema,
  imageTextLimits,
  imageTextListQuerySchema,
  imageTextMessages,
  imageTextSettingsSchema,
  imageTextTemplateStepBodySchema,
  imageTextUpdateBodySchema,
} from '@dso/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { closedSignal, sendLlmRun, startLlmRun } from '../../lib/llm-stream';
import { receiveUploadToFile, uploadLimits } from '../../lib/uploads';
import { requireUser } from '../../plugins/session';
import { LlmError } from '../../providers/llm/index';
import {
  createSingleWork,
  deleteWork,
  dropWork,
  finishText,
  getSettings,
  getWork,
  listWorks,
  noteRequest,
  readImage,
  saveSettings,
  submitBatch,
  updateWork,
  zipWork,
} from './image-text.service';
import { applyTemplateStep, assertUploadAllowed, newUpload, parseUpload } from './image-text.upload';

/** AI 图文 (docs/image-text.md): generation, batches, works, pictures, settings and the works upload. */
export const imageTextRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dataDir } = app.config;
  // The works upload's limits are the upload guard's (receiveUploadToFile).
  await app.register(fastifyMultipart);

  /**
   * One work from a keyword: the text streams as the model writes it (`start` names the work and the
   * top videos it draws on); once complete the pictures are queued as a job and `done` follows. A
   * text that fails or is stopped leaves no work.
   */
  app.post(ImageTextPath.generate, { schema: { body: imageTextGenerateBodySchema } }, async (request, reply) => {
    const userId = requireUser(request);
    const { keyword } = request.body;
    const workId = await createSingleWork(app.db, userId, keyword);
    const signal = closedSignal(reply);
    let run: Awaited<ReturnType<typeof startLlmRun>>;
    const pieces: string[] = [];
    let stopped = false;
    try {
      const { request: chat, sources } = await noteRequest(app.db, keyword, signal);
      // The work holds the unit (createSingleWork); the text's end decides the work's fate.
      run = await startLlmRun(app.providers.llm, chat, async () => ({
        settle: () =>
          stopped
            ? dropWork(app.db, workId)
            : finishText(app.db, workId, pieces.join(''), keyword, app.providers.llm.isSandbox),
        giveBack: () => dropWork(app.db, workId),
      }));
      pieces.push(run.first);
      const rest = run.rest;
      run = {
        ...run,
        rest: {
          async next() {
            try {
              const next = await rest.next();
              if (!next.done) pieces.push(next.value);
              return next;
            } catch (error) {
              if (error instanceof LlmError && error.reason === 'aborted') stopped = true;
              throw error;
            }
          },
        },
      };
      return sendLlmRun(request, reply, run, { work_id: workId, sources });
    } catch (error) {
      await dropWork(app.db, workId);
      throw error;
    }
  });

  app.post(ImageTextPath.batch, { schema: { body: imageTextBatchBodySchema } }, async (request) =>
    ok(await submitBatch(app.db, requireUser(request), request.body.keywords), imageTextMessages.batchSubmitted),
  );

  app.get(ImageTextPath.works, { schema: { querystring: imageTextListQuerySchema } }, async (request) =>
    ok(await listWorks(app.db, requireUser(request), request.query)),
  );

  app.get(ImageTextPath.work, { schema: { querystring: imageTextIdSchema } }, async (request) =>
    ok(await getWork(app.db, requireUser(request), request.query.id)),
  );

  app.post(ImageTextPath.update, { schema: { body: imageTextUpdateBodySchema } }, async (request) =>
    ok(await updateWork(app.db, dataDir, requireUser(request), request.body), imageTextMessages.saved),
  );

  app.post(ImageTextPath.remove, { schema: { body: imageTextIdSchema } }, async (request) => {
    await deleteWork(app.db, dataDir, requireUser(request), request.body.id);
    return ok(null, imageTextMessages.removed);
  });

  app.get(ImageTextPath.image, { schema: { querystring: imageTextImageQuerySchema } }, async (request, reply) => {
    const { id, name } = request.query;
    const picture = await readImage(app.db, dataDir, requireUser(request), id, name);
    return reply
      .type(picture.mime)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', `inline; filename="${id}-${name}"`)
      .send(picture.data);
  });

  app.get(ImageTextPath.download, { schema: { querystring: imageTextIdSchema } }, async (request, reply) => {
    const work = await zipWork(app.db, dataDir, requireUser(request), request.query.id);
    return reply
      .type('application/zip')
      .header(
        'content-disposition',
        `attachment; filename="work.zip"; filename*=UTF-8''${encodeURIComponent(work.fileName)}`,
      )
      .send(work.data);
  });

  app.get(ImageTextPath.settings, async (request) => ok(await getSettings(app.db, requireUser(request))));

  app.post(ImageTextPath.settings, { schema: { body: imageTextSettingsSchema } }, async (request) =>
    ok(await saveSettings(app.db, requireUser(request), request.body), imageTextMessages.settingsSaved),
  );

  /**
   * The works upload (002 §5, §7): a .zip or .tar under 1 GB, received to disk, checked by the upload
   * guard and parsed; data is the status_id `<id>_<N>`. Refused with 当前剩余额度不足 when no unit is left.
   */
  app.post(ImageTextPath.upload, async (request) => {
    const userId = requireUser(request);
    // Refused before an archive of up to 1 GB is received for nothing.
    await assertUploadAllowed(app.db, userId);
    const upload = newUpload(dataDir);
    const { file } = await receiveUploadToFile(request, upload.path, {
      limits: uploadLimits.archive,
      extensions: imageTextLimits.uploadExtensions,
      typeMessage: imageTextMessages.uploadOnlyArchives,
    });
    const parsed = await parseUpload(app.db, dataDir, {
      userId,
      id: upload.id,
      path: upload.path,
      fileName: path.basename(file.name),
      size: file.size,
    });
    return ok(parsed.statusId, imageTextMessages.parsed(parsed.works));
  });

  app.post(ImageTextPath.templateStep, { schema: { body: imageTextTemplateStepBodySchema } }, async (request) => {
    const result = await applyTemplateStep(app.db, dataDir, requireUser(request), request.body.idFlag);
    return ok(result, imageTextMessages.templateApplied(result.added));
  });
};

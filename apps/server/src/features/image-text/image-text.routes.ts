import { createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
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
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { closedSignal, sendLlmRun, startLlmRun } from '../../lib/llm-stream';
import { uploadLimits } from '../../lib/uploads';
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
import { removePath } from './image-text.storage';
import { applyTemplateStep, assertUploadAllowed, newUpload, parseUpload } from './image-text.upload';

/** AI 图文 (docs/image-text.md): generation, batches, works, pictures, settings and the works upload. */
export const imageTextRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dataDir } = app.config;
  await app.register(fastifyMultipart, {
    limits: { fileSize: uploadLimits.archive.maxBytes, files: 1, fields: 4, fieldSize: 1024 },
  });

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
      run = await startLlmRun(app.providers.llm, chat, async () => {
        if (stopped) return dropWork(app.db, workId);
        await finishText(app.db, workId, pieces.join(''), keyword, app.providers.llm.isSandbox);
      });
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
              else await dropWork(app.db, workId);
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
    if (!request.isMultipart()) throw AppError.badRequest(imageTextMessages.uploadNoFile);
    await assertUploadAllowed(app.db, userId);
    const upload = newUpload(dataDir);
    let received: { fileName: string; size: number } | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file' || received) {
          part.file.resume();
          continue;
        }
        const extension = path.extname(part.filename).toLowerCase();
        if (!(imageTextLimits.uploadExtensions as readonly string[]).includes(extension)) {
          part.file.resume();
          throw AppError.badRequest(imageTextMessages.uploadOnlyArchives);
        }
        await mkdir(path.dirname(upload.path), { recursive: true });
        await pipeline(part.file, createWriteStream(upload.path));
        if (part.file.truncated) throw AppError.badRequest(imageTextMessages.uploadTooLarge);
        received = { fileName: path.basename(part.filename), size: (await stat(upload.path)).size };
      }
    } catch (error) {
      await removePath(upload.path);
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw AppError.badRequest(imageTextMessages.uploadTooLarge);
      }
      throw AppError.badRequest(imageTextMessages.uploadFailed);
    }
    if (!received || received.size === 0) throw AppError.badRequest(imageTextMessages.uploadNoFile);
    const parsed = await parseUpload(app.db, dataDir, { userId, id: upload.id, path: upload.path, ...received });
    return ok(parsed.statusId, imageTextMessages.parsed(parsed.works));
  });

  app.post(ImageTextPath.templateStep, { schema: { body: imageTextTemplateStepBodySchema } }, async (request) => {
    const result = await applyTemplateStep(app.db, dataDir, requireUser(request), request.body.idFlag);
    return ok(result, imageTextMessages.templateApplied(result.added));
  });
};

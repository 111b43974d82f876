import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  Code,
  LiveReplayPath,
  liveReplayIdSchema,
  liveReplayLimits,
  liveReplayListQuerySchema,
  liveReplayMessages,
  liveReplaySessionBodySchema,
  liveReplayUploadFieldsSchema,
} from '@dso/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { recordHistoryRoutes } from '../../lib/record-history-routes';
import { fileSource, inspectUpload, UploadRefusal, uploadLimits } from '../../lib/uploads';
import { requireUser } from '../../plugins/session';
import { probeMedia } from '../../providers/speech/audio';
import { SpeechError } from '../../providers/speech/index';
import { extensionOf, isMediaHead } from './live-replay.rules';
import {
  assertReplayQuota,
  getReplay,
  listReplays,
  removeReplay,
  replayOptions,
  startFromSession,
  startFromUpload,
} from './live-replay.service';

const FIELD_MAX_BYTES = 4 * 1024;

/** Checks a received recording: the upload guard, a media header, an audio track and its length. */
async function checkRecording(file: string): Promise<void> {
  const source = await fileSource(file);
  try {
    await inspectUpload(source, uploadLimits.liveRecording, { expect: ['plain'] });
    if (!isMediaHead(await source.read(0, 16))) throw new UploadRefusal(liveReplayMessages.fileNotMedia);
  } finally {
    await source.close();
  }
  let media: Awaited<ReturnType<typeof probeMedia>>;
  try {
    media = await probeMedia(file);
  } catch (error) {
    if (error instanceof SpeechError && error.reason === 'no_media') {
      throw new UploadRefusal(liveReplayMessages.fileNotMedia);
    }
    throw new AppError(Code.TOAST, liveReplayMessages.speechUnavailable);
  }
  if (!media.hasAudio || media.durationMs <= 0) throw new UploadRefusal(liveReplayMessages.fileNotMedia);
  if (media.durationMs > liveReplayLimits.maxDurationMinutes * 60_000)
    throw new UploadRefusal(liveReplayMessages.tooLong);
}

/** AI 直播复盘: start a replay from a session or a recording, the history, one replay; login for each. */
export const liveReplayRoutes: FastifyPluginAsyncZod = async (app) => {
  const folder = path.join(app.config.dataDir, 'live-replays');
  await app.register(fastifyMultipart, {
    limits: { fileSize: liveReplayLimits.uploadMaxBytes, files: 1, fields: 4, fieldSize: FIELD_MAX_BYTES },
  });

  app.get(LiveReplayPath.options, async (request) => {
    requireUser(request);
    return ok(replayOptions(app.providers.speech));
  });

  app.post(LiveReplayPath.session, { schema: { body: liveReplaySessionBodySchema } }, async (request) =>
    ok(await startFromSession(app.db, requireUser(request), request.body.room_id), liveReplayMessages.started),
  );

  // A multipart form: `title` and `goods` (fields first), then `file`.
  app.post(LiveReplayPath.upload, async (request) => {
    const userId = requireUser(request);
    if (app.providers.speech.isSandbox) throw new AppError(Code.TOAST, liveReplayMessages.sandboxUpload);
    if (!request.isMultipart()) throw AppError.badRequest(liveReplayMessages.fileRequired);
    // Refused before a large file is received for nothing.
    await assertReplayQuota(app.db, userId);
    const fields: Record<string, string> = {};
    let saved: string | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        const extension = extensionOf(part.filename);
        if (
          part.fieldname !== 'file' ||
          saved ||
          !(liveReplayLimits.extensions as readonly string[]).includes(extension)
        ) {
          part.file.resume();
          if (part.fieldname === 'file' && !saved) throw new UploadRefusal(liveReplayMessages.fileType);
          continue;
        }
        await mkdir(folder, { recursive: true });
        saved = path.join(folder, `${randomUUID()}.${extension}`);
        await pipeline(part.file, createWriteStream(saved));
        if (part.file.truncated) throw new UploadRefusal(liveReplayMessages.fileTooLarge);
      }
      if (!saved) throw new UploadRefusal(liveReplayMessages.fileRequired);
      const parsed = liveReplayUploadFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        throw new UploadRefusal(parsed.error.issues[0]?.message ?? liveReplayMessages.formInvalid);
      }
      await checkRecording(saved);
      const title = parsed.data.title || '上传的直播录像';
      return ok(
        await startFromUpload(app.db, userId, { path: saved, title, goods: parsed.data.goods }),
        liveReplayMessages.started,
      );
    } catch (error) {
      if (saved) await rm(saved, { force: true });
      // The guard's refusals are answered by the error handler, as every upload's are.
      if (error instanceof UploadRefusal || error instanceof AppError) throw error;
      // Too many parts or fields, a field over its size, a broken form: not a form this call takes.
      if ((error as { code?: string }).code?.startsWith('FST_'))
        throw AppError.badRequest(liveReplayMessages.formInvalid);
      throw error;
    }
  });

  recordHistoryRoutes(
    app,
    LiveReplayPath,
    { listQuery: liveReplayListQuerySchema, id: liveReplayIdSchema },
    { list: listReplays, get: getReplay, remove: removeReplay },
    liveReplayMessages.removed,
  );
};

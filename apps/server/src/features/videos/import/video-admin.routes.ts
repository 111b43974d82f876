import { Code, importReportParamsSchema, VideoPath, videoImportKinds } from '@dso/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error';
import { ok } from '../../../lib/envelope';
import { receiveUpload, uploadLimits } from '../../../lib/uploads';
import { requireUser } from '../../../plugins/session';
import { requireAdmin } from '../../account';
import { videoFormatOfFileName } from './video-import';
import { createVideoImport, findVideoImportReport, videoImportKindOf } from './video-import.jobs';

/** Administration of the video library's data: uploads of video-data files (one kind each) and their reports. */
export const videoAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Receiving is the upload guard's (receiveUpload); what the file holds is the import job's guard's.
  await app.register(fastifyMultipart);

  app.post(VideoPath.adminImport, async (request) => {
    const userId = await requireAdmin(app.db, requireUser(request));
    const { file: upload, fields } = await receiveUpload(request, { limits: uploadLimits.videoUpload });
    const kind = videoImportKindOf(fields.kind ?? '');
    if (!kind) throw AppError.badRequest(`请选择数据类型：${videoImportKinds.join('、')}`);
    const format = videoFormatOfFileName(fields.format ? `x.${fields.format}` : upload.name);
    if (!format) throw AppError.toast('不支持的文件格式，请上传 CSV 或 JSONL 文件');
    const id = await createVideoImport(app.db, {
      kind,
      source: upload.name,
      format,
      file: upload.buffer,
      createdBy: userId,
    });
    return ok(await findVideoImportReport(app.db, id));
  });

  app.get(VideoPath.adminImportReport, { schema: { params: importReportParamsSchema } }, async (request) => {
    await requireAdmin(app.db, requireUser(request));
    const report = await findVideoImportReport(app.db, request.params.id);
    if (!report) throw new AppError(Code.NOT_FOUND, '导入记录不存在');
    return ok(report);
  });
};

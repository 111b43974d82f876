import { Code, importFormatSchema, importReportParamsSchema, KeywordDetailPath } from '@dso/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error';
import { ok } from '../../../lib/envelope';
import { receiveUpload, uploadLimits } from '../../../lib/uploads';
import { requireUser } from '../../../plugins/session';
import { requireAdmin } from '../../account';
import { formatOfFileName } from './keyword-import';
import { createImport, findImportReport } from './keyword-import.service';

/** Administration of the keyword library: uploads of import files and their reports. */
export const keywordAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Receiving is the upload guard's (receiveUpload); what the file holds is the import job's guard's.
  await app.register(fastifyMultipart);

  app.post(KeywordDetailPath.adminImport, async (request) => {
    const userId = await requireAdmin(app.db, requireUser(request));
    const { file: upload, fields } = await receiveUpload(request, { limits: uploadLimits.keywordSheet });
    const formatField = fields.format || null;
    const format = formatField ? importFormatSchema.safeParse(formatField).data : formatOfFileName(upload.name);
    if (!format) throw AppError.toast('不支持的文件格式，请上传 CSV、XLSX、XLS 或 JSONL 文件');
    const id = await createImport(app.db, { source: upload.name, format, file: upload.buffer, createdBy: userId });
    return ok(await findImportReport(app.db, id));
  });

  app.get(KeywordDetailPath.adminImportReport, { schema: { params: importReportParamsSchema } }, async (request) => {
    await requireAdmin(app.db, requireUser(request));
    const report = await findImportReport(app.db, request.params.id);
    if (!report) throw new AppError(Code.NOT_FOUND, '导入记录不存在');
    return ok(report);
  });
};

import type { FastifyRequest } from 'fastify';
import { AppError } from '../app-error';

/** What an import upload sent: its one file (null when none) and its text fields. */
export interface ReceivedUpload {
  file: { name: string; buffer: Buffer } | null;
  /** Text fields by name, trimmed and lower-cased (formats and kinds are codes). */
  fields: Record<string, string>;
}

/**
 * Receives an import upload (multipart, registered with a `fileSize` limit): the file of form field
 * `file` and the text fields. Another file, or a second one, is read and dropped; a file over the limit
 * is refused with `sizeMessage`, a request that is not multipart with its own message. The size is the
 * one thing checked while receiving: everything else about the file is the upload guard's.
 */
export async function receiveUpload(request: FastifyRequest, sizeMessage: string): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw AppError.badRequest('请以 multipart/form-data 上传文件');
  const received: ReceivedUpload = { file: null, fields: {} };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || received.file) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      const buffer = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.badRequest(sizeMessage);
        throw error;
      });
      received.file = { name: part.filename, buffer };
    } else {
      received.fields[part.fieldname] = String(part.value ?? '')
        .trim()
        .toLowerCase();
    }
  }
  return received;
}

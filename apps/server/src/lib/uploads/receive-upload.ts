import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { uploadRules } from '@dso/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { UploadLimits } from './upload-limits';
import { uploadMessages } from './upload-limits';
import { UploadRefusal } from './upload-refusal';

/**
 * Receiving an upload: the first step of the upload guard, for every call that takes a file (multipart, form field
 * `file`, one file a request; the dialogs send each of their two files on its own). Whatever goes wrong while
 * receiving is refused here with the user's message (`UploadRefusal`), however the form reader reports it:
 * - no form, no file or an empty one: 请选择要上传的文件;
 * - a file of `limits.maxBytes` or more: the kind's size message (上传文件大小不能超过 20MB!);
 * - more than two files at once: 一次最多上传两个文件 (002 §5); a second one: 每次请求只能上传一个文件;
 * - a name without one of `extensions`: `typeMessage`, before the file is read;
 * - a form cut short or malformed: 文件上传不完整，请重新上传.
 * What the file holds is the guard's next step (`inspectUpload`, `readTable`, `listArchiveFiles`).
 */

export interface ReceiveOptions {
  limits: UploadLimits;
  /** The file names the call takes, by extension (lower case, with the dot); any when absent. */
  extensions?: readonly string[];
  /** What a file of another extension is refused with. */
  typeMessage?: string;
  /** Fields of free text (a reason) kept as typed; the others are codes, lower-cased. */
  textFields?: readonly string[];
}

/** The received file: its name as the browser sent it, its size, and its bytes (in memory or on disk). */
export interface ReceivedFile {
  name: string;
  size: number;
}

export interface ReceivedUpload<File extends ReceivedFile = ReceivedFile & { buffer: Buffer }> {
  file: File;
  /** Text fields by name, trimmed and lower-cased (formats and kinds are codes) unless `textFields` names them. */
  fields: Record<string, string>;
}

/** Text fields a call may send beside its file (a format, a kind), and their size. */
const FIELDS_MAX = 8;
const FIELD_MAX_BYTES = 1024;

/** Receives the file into memory: for files the parse worker reads whole (keyword and video tables, ≤ 100 MB). */
export function receiveUpload(request: FastifyRequest, options: ReceiveOptions): Promise<ReceivedUpload> {
  return receive(request, options, async (part) => {
    const buffer = await part.toBuffer();
    return { name: part.filename, size: buffer.length, buffer };
  });
}

/** Receives the file to `target` (its folder is made): for archives of up to 1 GB. Nothing is left there on refusal. */
export async function receiveUploadToFile(
  request: FastifyRequest,
  target: string,
  options: ReceiveOptions,
): Promise<ReceivedUpload<ReceivedFile>> {
  try {
    return await receive(request, options, async (part) => {
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(part.file, createWriteStream(target));
      if (part.file.truncated) throw new UploadRefusal(options.limits.sizeMessage);
      return { name: part.filename, size: (await stat(target)).size };
    });
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
}

async function receive<File extends ReceivedFile>(
  request: FastifyRequest,
  options: ReceiveOptions,
  take: (part: MultipartFile) => Promise<File>,
): Promise<ReceivedUpload<File>> {
  if (!request.isMultipart()) throw new UploadRefusal(uploadMessages.noFile);
  const { limits } = options;
  const fields: Record<string, string> = {};
  let file: File | null = null;
  let extraFiles = 0;
  try {
    const parts = request.parts({
      // busboy allows a file of exactly `fileSize` bytes; more is cut off and reported.
      limits: {
        fileSize: limits.maxBytes,
        files: uploadRules.filesAtOnce,
        fields: FIELDS_MAX,
        fieldSize: FIELD_MAX_BYTES,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = String(part.value ?? '').trim();
        fields[part.fieldname] = options.textFields?.includes(part.fieldname) ? value : value.toLowerCase();
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        // Read on: a third file is what tells "too many at once" from "one too many".
        extraFiles += 1;
        part.file.resume();
        continue;
      }
      if (options.extensions && !options.extensions.includes(path.extname(part.filename).toLowerCase())) {
        part.file.resume();
        throw new UploadRefusal(options.typeMessage ?? uploadMessages.damaged);
      }
      file = await take(part);
    }
  } catch (error) {
    throw refusalOf(error, limits);
  }
  if (!file || file.size === 0) throw new UploadRefusal(uploadMessages.noFile);
  if (extraFiles > 0) throw new UploadRefusal(uploadMessages.oneFileEach);
  return { file, fields };
}

/**
 * The form reader reports the same refusal in different places depending on how the bytes arrive (all at once, or
 * streamed by a browser): a file over the limit fails its `toBuffer`, or ends the iteration. Every place lands here.
 */
function refusalOf(error: unknown, limits: UploadLimits): unknown {
  if (error instanceof UploadRefusal) return error;
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new UploadRefusal(limits.sizeMessage);
  if (code === 'FST_FILES_LIMIT') return new UploadRefusal(uploadMessages.tooManyFiles);
  // The plugin's other limits and a truncated or malformed body (busboy's "Unexpected end of multipart data").
  if (code?.startsWith('FST_') || (code === undefined && /multipart/i.test(message ?? ''))) {
    return new UploadRefusal(uploadMessages.interrupted, `${code ?? ''} ${message ?? ''}`.trim());
  }
  return error;
}

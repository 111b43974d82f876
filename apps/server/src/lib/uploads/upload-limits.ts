import {
  CONSOLE_INVOICE_PDF_MAX_BYTES,
  consoleInvoiceMessages,
  imageTextLimits,
  imageTextMessages,
  monitoringLimits,
  monitoringMessages,
  uploadTexts,
} from '@dso/contract';

/**
 * The limits of every kind of uploaded or imported file, in one table (ARCHITECTURE.md, Uploads and heavy parsing;
 * spec 002 §5). The guard (`inspect-upload.ts`) and the parse worker read them from here and nowhere else.
 */

const MiB = 1024 * 1024;

export interface UploadLimits {
  /**
   * The most bytes a file of this kind may have as uploaded. Where the spec says "below 20 MB" (002 §5) that is
   * 20 MiB − 1, so the server refuses exactly the files the dialog refuses (`size >= 20 MiB`).
   */
  maxBytes: number;
  /** What the user reads when a file is over `maxBytes` (the spec's wording). */
  sizeMessage: string;
  /** The most bytes an archive (a zip, an .xlsx, a tar) may unpack to, all entries together. */
  maxUnpackedBytes: number;
  /** The most entries (files and folders) an archive may hold. */
  maxEntries: number;
  /**
   * The highest unpacked/packed ratio of an entry at least `ratioFloorBytes` big once unpacked. Real sheets and images
   * stay well under 20 (a 200,000-row keyword sheet deflates about 9:1); a bomb of zeros deflates about 1,000:1.
   * 100 is the threshold Apache POI applies to the same question.
   */
  maxRatio: number;
  /** Entries smaller than this once unpacked are not held to `maxRatio` (a tiny, very regular XML part is harmless). */
  ratioFloorBytes: number;
  /** The old-generation heap of the worker that parses such a file; running out of it fails the file, not the server. */
  parseHeapMb: number;
  /** The longest a worker may spend parsing one file (time waiting for the consumer of its rows does not count). */
  parseTimeoutMs: number;
}

export type UploadKind =
  | 'keywordSheet'
  | 'keywordCli'
  | 'videoCli'
  | 'videoUpload'
  | 'archive'
  | 'publishVideo'
  | 'publishImage'
  | 'liveRecording'
  | 'invoicePdf';

/** Data files an operator imports from the command line (keywords and video data alike): large provider exports. */
const operatorImportLimits: UploadLimits = {
  maxBytes: 512 * MiB,
  sizeMessage: '文件大小不能超过 512MB，请拆分后再导入',
  maxUnpackedBytes: 1024 * MiB,
  maxEntries: 1_000,
  maxRatio: 100,
  ratioFloorBytes: MiB,
  parseHeapMb: 4_096,
  parseTimeoutMs: 30 * 60_000,
};

export const uploadLimits: Record<UploadKind, UploadLimits> = {
  /** Keyword files: the admin import (.csv/.xlsx/.xls/.jsonl) and the rank-monitoring upload (.xlsx/.xls). */
  keywordSheet: {
    maxBytes: monitoringLimits.uploadMaxMb * MiB - 1,
    sizeMessage: monitoringMessages.uploadTooLarge,
    // A full 20 MB workbook of ordinary keyword rows unpacks to about 180 MB; SheetJS holds about 3.6 bytes of heap per
    // unpacked byte, which the parse heap below leaves room for.
    maxUnpackedBytes: 200 * MiB,
    maxEntries: 1_000,
    maxRatio: 100,
    ratioFloorBytes: MiB,
    parseHeapMb: 1_024,
    parseTimeoutMs: 5 * 60_000,
  },
  /**
   * Keyword files an operator imports with `npm run import` (docs/data-format.md): the same guard, sized for the large
   * CSV and JSONL exports a data provider ships rather than for a browser upload.
   */
  keywordCli: operatorImportLimits,
  /**
   * Video-data files (creators, videos, comments) an operator imports with `npm run import-videos`
   * (docs/data-format.md): CSV and JSONL exports of a data provider, sized like the keyword ones.
   */
  videoCli: operatorImportLimits,
  /**
   * Live recordings for AI 直播复盘 (audio or video, docs/live-replay.md): one media file, never unpacked (an
   * archive is refused); ffmpeg reads it in a child process, so the parse heap and timeout do not apply.
   */
  liveRecording: {
    maxBytes: 1024 * MiB,
    sizeMessage: '上传文件大小不能超过 1G!',
    maxUnpackedBytes: 1024 * MiB,
    maxEntries: 0,
    maxRatio: 1,
    ratioFloorBytes: MiB,
    parseHeapMb: 0,
    parseTimeoutMs: 60 * 60_000,
  },
  /**
   * Video-data files (CSV, JSONL) an admin uploads (POST admin/videos/import): a browser upload, smaller than the
   * command line's, parsed by the import job like the CLI's.
   */
  videoUpload: {
    maxBytes: 100 * MiB,
    sizeMessage: '上传文件大小不能超过 100MB!',
    maxUnpackedBytes: 100 * MiB,
    maxEntries: 1_000,
    maxRatio: 100,
    ratioFloorBytes: MiB,
    parseHeapMb: 1_024,
    parseTimeoutMs: 10 * 60_000,
  },
  /** Image-text work archives (.zip/.tar, 002 §5). */
  archive: {
    maxBytes: imageTextLimits.uploadBytesMax - 1,
    sizeMessage: imageTextMessages.uploadTooLarge,
    maxUnpackedBytes: 2048 * MiB,
    maxEntries: 10_000,
    maxRatio: 100,
    ratioFloorBytes: MiB,
    parseHeapMb: 256,
    parseTimeoutMs: 5 * 60_000,
  },
  /**
   * A video for one-key publishing (docs/publishing.md): Douyin's upload takes at most 128 MB in one request. Stored
   * as it is, never unpacked or parsed; the guard refuses an archive in disguise.
   */
  publishVideo: {
    maxBytes: 128 * MiB,
    sizeMessage: '视频大小不能超过 128MB',
    maxUnpackedBytes: 128 * MiB,
    maxEntries: 0,
    maxRatio: 100,
    ratioFloorBytes: MiB,
    parseHeapMb: 64,
    parseTimeoutMs: 60_000,
  },
  /** An invoice PDF staff issued by hand (the console's 发票): stored as it is, never unpacked or parsed. */
  invoicePdf: {
    maxBytes: CONSOLE_INVOICE_PDF_MAX_BYTES,
    sizeMessage: consoleInvoiceMessages.pdfTooLarge,
    maxUnpackedBytes: CONSOLE_INVOICE_PDF_MAX_BYTES,
    maxEntries: 0,
    maxRatio: 100,
    ratioFloorBytes: MiB,
    parseHeapMb: 0,
    parseTimeoutMs: 60_000,
  },
  /** An image for one-key publishing: Douyin's image upload takes at most 10 MB. */
  publishImage: {
    maxBytes: 10 * MiB,
    sizeMessage: '图片大小不能超过 10MB',
    maxUnpackedBytes: 10 * MiB,
    maxEntries: 0,
    maxRatio: 100,
    ratioFloorBytes: MiB,
    parseHeapMb: 64,
    parseTimeoutMs: 60_000,
  },
};

/** The guard's messages: one per reason a file is refused, the same wherever it shows. */
export const uploadMessages = {
  noFile: uploadTexts.noFile,
  tooManyFiles: uploadTexts.tooManyAtOnce,
  /** Two files sent to a call that takes one a request (the dialogs send each file on its own). */
  oneFileEach: '每次请求只能上传一个文件',
  /** The form ended before its end, or is not a form: the browser stopped sending, or another client sent it. */
  interrupted: '文件上传不完整，请重新上传',
  tooManyEntries: '文件包含的条目过多，请拆分后再上传',
  unpackedTooLarge: '文件解压后过大，请拆分后再上传',
  ratioTooHigh: '文件压缩比异常，已拒绝解析',
  unsafePath: '文件包含不安全的路径（绝对路径或 ..），已拒绝解析',
  link: '文件包含链接或特殊文件，已拒绝解析',
  encrypted: '文件已加密，请取消密码后再上传',
  unsupportedCompression: '文件使用了不支持的压缩方式',
  damaged: '文件已损坏或格式不正确',
  noSheet: '文件中没有工作表',
  outOfMemory: '文件解析时超出内存限制，请拆分后再上传',
  timeout: '文件解析超时，请拆分后再上传',
} as const;

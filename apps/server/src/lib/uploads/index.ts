/** The upload guard and off-thread parsing of uploaded files (ARCHITECTURE.md, Uploads and heavy parsing). */
export { type ArchiveFile, listArchiveFiles } from './archive-files';
export { type ByteSource, bufferSource, fileSource } from './byte-source';
export { type Container, type Inspection, inspectUpload } from './inspect-upload';
export {
  type ImportColumn,
  normalizeHeader,
  type ReadRecordsOptions,
  readRecords,
  requiredColumnsCheck,
  type TableRecord,
} from './read-records';
export { readTable } from './read-table';
export {
  type ReceivedFile,
  type ReceivedUpload,
  type ReceiveOptions,
  receiveUpload,
  receiveUploadToFile,
} from './receive-upload';
export { decodeText, type TableFormat, type TableRow } from './table-rows';
export { type UploadKind, type UploadLimits, uploadLimits, uploadMessages } from './upload-limits';
export { UploadRefusal } from './upload-refusal';

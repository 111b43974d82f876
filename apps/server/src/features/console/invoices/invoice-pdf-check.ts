/**
 * Whether the bytes are a whole PDF file: they begin with the header `%PDF-` and end with the `%%EOF`
 * marker, which readers look for in the last 1024 bytes (ISO 32000-1 §7.5.5 and Adobe's implementation note
 * 3.4.4). A renamed image or a file cut off while uploading fails one of the two.
 */
export function isPdf(bytes: Buffer): boolean {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  return bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF', 0, 'latin1');
}

/** Why the guard refused a file; its message is the Chinese text the user reads (`uploadMessages`). */
export class UploadRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadRefusal';
  }
}

/** A name that would land outside the folder it is unpacked into: absolute, a drive letter, `..`, or a NUL. */
export function isUnsafeEntryName(name: string): boolean {
  const normalized = name.replace(/\\/g, '/');
  if (normalized.startsWith('/') || /^[A-Za-z]:/.test(normalized) || normalized.includes('\0')) return true;
  return normalized.split('/').some((segment) => segment === '..');
}

/** UTF-8 when it is valid (or flagged), else GB18030: what zip tools on a Chinese Windows write names in. */
export function decodeEntryName(bytes: Uint8Array, isUtf8: boolean): string {
  if (isUtf8) return new TextDecoder('utf-8').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

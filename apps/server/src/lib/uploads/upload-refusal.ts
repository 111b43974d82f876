import { uploadMessages } from './upload-limits';

/**
 * Why the guard refused a file; its message is the Chinese text the user reads (`uploadMessages`). A business
 * refusal: the error handler answers it as a toast (code 300, HTTP 200), so no route has to translate it.
 * `detail` keeps what a parser or the form reader said (English internals such as `Unsupported ZIP file`), for the
 * log and the operators' import reports, never for the user's message.
 */
export class UploadRefusal extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'UploadRefusal';
  }

  /** An operator's import report (admin console, CLI): the message, and the parser's words that locate the fault. */
  get reportText(): string {
    return this.detail ? `${this.message}（${this.detail}）` : this.message;
  }
}

/** A parser's own complaint about a file (`Major Version: Expected 3 or 4 saw …`): not what its name says. */
export function parserRefusal(format: string, error: unknown): UploadRefusal {
  return new UploadRefusal(
    uploadMessages.damaged,
    `${format}: ${error instanceof Error ? error.message : String(error)}`,
  );
}

/** A name that would land outside the folder it is unpacked into: absolute, a drive letter, `..`, or a NUL. */
export function isUnsafeEntryName(name: string): boolean {
  const normalized = name.replace(/\\/g, '/');
  if (normalized.startsWith('/') || /^[A-Za-z]:/.test(normalized) || normalized.includes('\0')) return true;
  return normalized.split('/').some((segment) => segment === '..');
}

/**
 * The path an entry unpacks to, with `/` separators and without `.` segments: `tar -cf works.tar -C works .` names
 * every entry `./…` (and adds `./` itself), which is the folder it names. Only for names the guard passed
 * (`isUnsafeEntryName`), since dropping empty segments would also turn `/etc/passwd` into a relative path.
 */
export function entryPath(name: string): string {
  return name
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
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

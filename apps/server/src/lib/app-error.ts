import { Code, type CodeValue, defaultMessages } from '@dso/contract';

/** The one error type handlers throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: CodeValue,
    message: string = defaultMessages[code],
    readonly data: unknown = null,
    /** HTTP status when the code's usual one would mislead (a throttled SMS is 500 by the spec, 429 on the wire). */
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string = defaultMessages[Code.BAD_REQUEST]) {
    return new AppError(Code.BAD_REQUEST, message);
  }

  /** 404 with the text naming what is missing (作品不存在, 达人不存在…). */
  static notFound(message: string = defaultMessages[Code.NOT_FOUND]) {
    return new AppError(Code.NOT_FOUND, message);
  }

  static toast(message: string) {
    return new AppError(Code.TOAST, message);
  }
}

/**
 * `value` when there is one, else a 404 with `message`: a row a lookup did not find, or a delete or
 * update that found nothing to change.
 */
export function orNotFound<T>(value: T | null | undefined | false, message: string): T {
  if (value === null || value === undefined || value === false) throw AppError.notFound(message);
  return value;
}

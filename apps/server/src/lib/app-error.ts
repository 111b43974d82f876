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

  static toast(message: string) {
    return new AppError(Code.TOAST, message);
  }
}

import { Code, type CodeValue, defaultMessages } from '@dso/contract';

/** The one error type handlers throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: CodeValue,
    message: string = defaultMessages[code],
    readonly data: unknown = null,
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

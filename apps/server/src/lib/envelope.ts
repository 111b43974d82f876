import { Code, type Envelope } from '@dso/contract';

/** The success envelope. Handlers return `ok(data)`; failures are thrown as `AppError`. */
export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: Code.OK, msg, data };
}

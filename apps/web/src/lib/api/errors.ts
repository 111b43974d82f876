/** A non-success envelope (or a network failure, code 0) surfaced to the caller. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Code used for failures that never reached the server. */
export const NETWORK_FAILURE = 0;

/**
 * Whether an error is an `ApiError`, with a given code when one is named. Components ask this
 * instead of repeating `instanceof` and the code comparison; the type narrows for reading `data`.
 */
export function isApiError(error: unknown, code?: number): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

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

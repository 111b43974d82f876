import { vi } from 'vitest';
import { request } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';

/** One call the component made through the API client. */
export interface RequestCall {
  path: string;
  method?: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

type Handler = (call: RequestCall) => unknown;

/**
 * Answers `request` (mocked with `vi.mock('…/lib/api/client')` in the test file) by path, the way the
 * client resolves: the envelope's data, or an ApiError a handler throws as a refusing server would.
 * Unanswered paths fail with 404. Returns the calls made, in order.
 */
export function answerRequests(handlers: Record<string, Handler>) {
  const calls: RequestCall[] = [];
  vi.mocked(request).mockImplementation(async (path: string, options?: Omit<RequestCall, 'path'>) => {
    const call = { path, ...options };
    calls.push(call);
    const handler = handlers[path];
    if (!handler) throw new ApiError(404, `not mocked: ${path}`);
    return handler(call);
  });
  return calls;
}

/** The calls to one path. */
export function callsTo(calls: readonly RequestCall[], path: string) {
  return calls.filter((call) => call.path === path);
}

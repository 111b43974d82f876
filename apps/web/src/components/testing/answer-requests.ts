import { vi } from 'vitest';
import { request } from '../../lib/api/client';
import { ApiError } from '../../lib/api/errors';

/**
 * One call a component made through the API client: its path, method, query and body (a JSON body as
 * the object sent; an upload's FormData is read through a cast).
 */
export interface RequestCall {
  path: string;
  method?: string;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

/**
 * Answers `request` (mocked with `vi.mock('…/lib/api/client')` in the test file) by path, the way the
 * client resolves: a handler's return is the envelope's data, an ApiError it throws the refusal of a
 * server. Unanswered paths fail with 404. Returns the calls made, in order.
 */
export function answerRequests(handlers: Record<string, (call: RequestCall) => unknown>) {
  const calls: RequestCall[] = [];
  vi.mocked(request).mockImplementation(async (path: string, options?: object) => {
    const call = { path, ...options } as RequestCall;
    calls.push(call);
    const handler = handlers[path];
    if (!handler) throw new ApiError(404, `not answered: ${path}`);
    return handler(call);
  });
  return calls;
}

/** The calls to one path. */
export function callsTo(calls: readonly RequestCall[], path: string) {
  return calls.filter((call) => call.path === path);
}

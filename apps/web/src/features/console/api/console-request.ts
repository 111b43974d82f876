import { Code } from '@dso/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { request, requestFile } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { toast } from '../../../lib/feedback';

/**
 * The console's calls go through the app's one client (signing, the envelope, the catalogue's toasts),
 * but take over 800, 801 and 403 themselves: those speak of the staff session, and the members' handling
 * (clearing the member's login, opening the login dialog) must not run for them.
 */
const consolePolicy = { handles: [Code.TOKEN_INVALID, Code.TOKEN_EXPIRED, Code.FORBIDDEN] };

export function consoleGet<T>(path: string, query?: Record<string, string | number | undefined>) {
  return request<T>(path, { ...consolePolicy, ...(query ? { query } : {}) });
}

export function consolePost<T>(path: string, body: unknown = {}, query?: Record<string, string | number>) {
  return request<T>(path, { ...consolePolicy, method: 'POST', body, ...(query ? { query } : {}) });
}

/** A console export: the file and the name the server gives it. */
export function consoleFile(path: string, query: Record<string, string | number | undefined>) {
  return requestFile(path, { ...consolePolicy, query });
}

/** Whether a failure means the staff session is gone (the console then shows its login). */
export function isSessionGone(error: unknown): boolean {
  return error instanceof ApiError && (error.code === Code.TOKEN_INVALID || error.code === Code.TOKEN_EXPIRED);
}

/** The one place a console action's own refusals are shown: 403 (the others the client already showed). */
export function showConsoleRefusal(error: unknown) {
  if (error instanceof ApiError && error.code === Code.FORBIDDEN) toast(error.message);
}

/**
 * Runs a console action as its dialogs do: a refusal is shown (showConsoleRefusal) and thrown on, so the
 * dialog stays open with what was typed; success says `done` and reloads what `queryKey` holds.
 */
export function useConsoleAction(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
    } catch (error) {
      showConsoleRefusal(error);
      throw error;
    }
    toast(done, 'success');
    await queryClient.invalidateQueries({ queryKey });
  };
}

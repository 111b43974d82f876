import { type ConsoleLoginStep, type ConsoleMe, type ConsolePasswordBody, ConsolePath } from '@dso/contract';
import { queryOptions } from '@tanstack/react-query';
import { consoleGet, consolePost } from './console-request';

export const consoleMeKey = ['console', 'me'] as const;

/** `GET /api/console/me`: who is logged in; fails with 800/801/403 when nobody (of the staff) is. */
export const consoleMeQuery = queryOptions({
  queryKey: consoleMeKey,
  queryFn: () => consoleGet<ConsoleMe>(ConsolePath.me),
  staleTime: 60_000,
});

/** The password step: the code goes to the staff member's phone. */
export const startConsoleLogin = (phone: string, password: string) =>
  consolePost<ConsoleLoginStep>(ConsolePath.login, { phone, password });

/** The code step: answers who is now logged in. */
export const finishConsoleLogin = (code: string) => consolePost<ConsoleMe>(ConsolePath.verify, { code });

export const logOutOfConsole = () => consolePost<null>(ConsolePath.logout);

/** One's own new password; one's other sessions end. */
export const changeConsolePassword = (body: ConsolePasswordBody) =>
  consolePost<{ ended_sessions: number }>(ConsolePath.password, body);

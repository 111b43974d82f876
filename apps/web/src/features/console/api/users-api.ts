import {
  type ConsoleActionResult,
  type ConsoleDissolveLinkBody,
  type ConsoleEndSessionsBody,
  type ConsoleGrantBody,
  type ConsoleMember,
  ConsolePath,
} from '@dso/contract';
import { queryOptions } from '@tanstack/react-query';
import { consoleGet, consolePost } from './console-request';

/** `GET /api/console/users/find`: the member a phone, id or order number means. */
export const findConsoleMember = (q: string) => consoleGet<{ user_id: number }>(ConsolePath.userFind, { q });

export const consoleMemberKey = (userId: number) => ['console', 'member', userId] as const;

/** `GET /api/console/users/detail`: everything the users page shows of a member. */
export const consoleMemberQuery = (userId: number) =>
  queryOptions({
    queryKey: consoleMemberKey(userId),
    queryFn: () => consoleGet<ConsoleMember>(ConsolePath.user, { user_id: userId }),
  });

export const grantConsoleGrade = (body: ConsoleGrantBody) =>
  consolePost<ConsoleActionResult>(ConsolePath.userGrant, body);

export const endConsoleSessions = (body: ConsoleEndSessionsBody) =>
  consolePost<ConsoleActionResult>(ConsolePath.userEndSessions, body);

export const dissolveConsoleLink = (body: ConsoleDissolveLinkBody) =>
  consolePost<ConsoleActionResult>(ConsolePath.userDissolveLink, body);

import { type ConsoleSystem, ConsoleSystemPath } from '@dso/contract';
import { queryOptions } from '@tanstack/react-query';
import { consoleGet } from './console-request';

/** `GET /api/console/system` (管理员): providers, production checks, version and migrations. */
export const consoleSystemQuery = queryOptions({
  queryKey: ['console', 'system'],
  queryFn: () => consoleGet<ConsoleSystem>(ConsoleSystemPath.system),
});

import { type ApiKeyItem, type ApiKeyList, ApiKeyPath, type CreatedApiKey } from '@dso/contract';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { getQuery } from '../../../lib/api/get-query';
import { fetchPermissionUse } from '../../permissions';

/** The daily allowance of API units (docs/api.md). */
export const API_UNIT_ALIAS = 'API_UNIT_DAY_COUNT';

/** Query keys of the member's API keys and today's API units. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: ['api-keys', 'list'] as const,
  units: ['api-keys', 'units'] as const,
};

/** `GET /api/api_key/list`: the live keys, newest first, with the limits. */
export const apiKeysQuery = () => getQuery<ApiKeyList>(apiKeyKeys.list, ApiKeyPath.list);

/** Today's API units (`per_val` 0: the grade has none). */
export const apiUnitsQuery = () =>
  queryOptions({
    queryKey: apiKeyKeys.units,
    queryFn: ({ signal }) => fetchPermissionUse(API_UNIT_ALIAS, signal),
  });

/** `POST /api/api_key/create`: the item and the whole key, shown this once. */
export function createApiKey(name: string) {
  return request<CreatedApiKey>(ApiKeyPath.create, { method: 'POST', body: { name } });
}

/** `POST /api/api_key/rename`. */
export function renameApiKey(id: number, name: string) {
  return request<ApiKeyItem>(ApiKeyPath.rename, { method: 'POST', body: { id, name } });
}

/** `POST /api/api_key/revoke`. */
export function revokeApiKey(id: number) {
  return request<null>(ApiKeyPath.revoke, { method: 'POST', body: { id } });
}

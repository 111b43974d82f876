import { z } from 'zod';
import { missingRecordIdSchema } from './shapes';

/*
 * API keys, managed by a member in the personal centre (/setting, API 密钥; docs/api.md "Keys and units").
 * A key acts as its owner on the open API (`/open/v1`) and the MCP server. These routes are the browser's:
 * signed and login-required like the rest of `/api`.
 */

/** The limits of keys: the facts the server enforces and the page states. */
export const apiKeyLimits = {
  /** Characters (code points) of a key's name. */
  nameMax: 20,
  /** Live (not revoked) keys a member may hold at once. */
  liveKeysMax: 10,
  /** Calls one key may make per minute on the open API and MCP. */
  callsPerMinute: 60,
} as const;

export const apiKeyMessages = {
  nameEmpty: '请输入密钥名称',
  nameTooLong: `密钥名称最多${apiKeyLimits.nameMax}个字`,
  tooMany: `最多可创建${apiKeyLimits.liveKeysMax}个密钥，请先撤销不用的密钥`,
  missing: '密钥不存在或已撤销',
  /** A missing, malformed, unknown or revoked key on the open API (code 800). */
  invalid: 'API 密钥无效或已撤销',
  /** A key over its per-minute limit (code 609, HTTP 429). */
  tooFast: `API 调用过于频繁，每个密钥每分钟最多调用${apiKeyLimits.callsPerMinute}次`,
  created: '密钥已创建',
  renamed: '已重命名',
  revoked: '密钥已撤销',
} as const;

/** The paths of the key routes: all login-required. */
export const ApiKeyPath = {
  /** GET. The caller's live keys, newest first. */
  list: '/api/api_key/list',
  /** POST { name }. Makes a key; the answer carries the whole key, the only time it is shown. */
  create: '/api/api_key/create',
  /** POST { id, name }. Renames one of the caller's live keys. */
  rename: '/api/api_key/rename',
  /** POST { id }. Revokes one of the caller's live keys; it is refused from then on. Revoking twice is 404. */
  revoke: '/api/api_key/revoke',
} as const;

/** A key's name: trimmed, 1 to 20 characters. */
export const apiKeyNameSchema = z
  .string({ error: apiKeyMessages.nameEmpty })
  .trim()
  .min(1, apiKeyMessages.nameEmpty)
  .refine((name) => Array.from(name).length <= apiKeyLimits.nameMax, apiKeyMessages.nameTooLong);

/** One key as the list shows it: never the key itself, only its first characters. */
export const apiKeyItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, e.g. `dso_ab12cd34`, shown followed by an ellipsis. */
  prefix: z.string(),
  /** ISO instants. */
  created_at: z.string(),
  /** Null when the key has never been used. */
  last_used_at: z.string().nullable(),
});
export type ApiKeyItem = z.infer<typeof apiKeyItemSchema>;

/** `GET /api/api_key/list`. */
export const apiKeyListSchema = z.object({
  items: z.array(apiKeyItemSchema),
  /** Live keys allowed ({@link apiKeyLimits}.liveKeysMax). */
  max_keys: z.number().int(),
  /** Calls per key per minute. */
  calls_per_minute: z.number().int(),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** `POST /api/api_key/create` body. */
export const createApiKeyBodySchema = z.object({ name: apiKeyNameSchema });
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** `POST /api/api_key/create` answer: the item and the whole key, shown this once and never again. */
export const createdApiKeySchema = z.object({ item: apiKeyItemSchema, key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** `POST /api/api_key/rename` body. */
export const renameApiKeyBodySchema = missingRecordIdSchema(apiKeyMessages.missing).extend({ name: apiKeyNameSchema });
export type RenameApiKeyBody = z.infer<typeof renameApiKeyBodySchema>;

/** `POST /api/api_key/revoke` body. */
export const revokeApiKeyBodySchema = missingRecordIdSchema(apiKeyMessages.missing);
export type RevokeApiKeyBody = z.infer<typeof revokeApiKeyBodySchema>;

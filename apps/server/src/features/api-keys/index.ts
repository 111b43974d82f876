/**
 * What the api-keys feature offers other features: who is calling with a key and one open call's API
 * units, for the open routes under /open/v1 and the MCP server (docs/api.md, "Keys and units"); the
 * member's key routes (/setting, API 密钥) and erasing a closed account's keys.
 */

export { apiKeysRoutes } from './api-keys.routes';
export {
  API_UNIT_ALIAS,
  type ApiCaller,
  authenticateApiKey,
  eraseApiKeysOf,
  spendApiUnits,
} from './api-keys.service';

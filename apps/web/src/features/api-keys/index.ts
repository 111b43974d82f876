/**
 * The api-keys feature's public face (the server's `api-keys`): API 密钥 of the personal centre, in its
 * own chunk (docs/api.md, "Keys and units").
 */
export const loadApiKeysSection = () => import('./components/api-keys-section');

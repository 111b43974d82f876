/*
 * The authorised accounts' OAuth tokens are sealed at rest (lib/token-cipher). The repository seals on
 * every write and opens on every read, so the services only ever see plain tokens. The keys come from
 * the configuration: the routes plugin and the worker process install them at start; until then the
 * configuration's default key is used, as an unconfigured development install would.
 */
import { createTokenCipher, type TokenCipher, TokenCipherError } from '../../lib/token-cipher';

/** The configuration's default (TOKEN_ENCRYPTION_KEY); production refuses to start with it. */
const DEFAULT_SECRET = 'dso-sandbox-token-encryption-key';

let cipher: TokenCipher = createTokenCipher({ currentSecret: DEFAULT_SECRET });

/** Installs the configured keys (config.tokenEncryption). */
export function useTokenKeys(keys: { currentSecret: string; previousSecrets: readonly string[] }) {
  cipher = createTokenCipher(keys);
}

export function tokenCipher(): TokenCipher {
  return cipher;
}

/** The token fields and the context each is sealed for, so a value copied to the other field does not open. */
export type TokenField = 'accessToken' | 'refreshToken';
const contexts: Record<TokenField, string> = {
  accessToken: 'publishing_accounts.access_token',
  refreshToken: 'publishing_accounts.refresh_token',
};

export function sealToken(field: TokenField, plain: string): string {
  return cipher.seal(plain, contexts[field]);
}

/**
 * Opens a stored token. One that cannot be opened (altered in the database, or sealed under a key no
 * longer configured) is never used as a token: it reads as '' (no token), so the account behaves as one
 * whose authorisation has lapsed — its next refresh fails and it asks to be authorised again.
 */
export function openToken(field: TokenField, stored: string): string {
  try {
    return cipher.open(stored, contexts[field]);
  } catch (error) {
    if (error instanceof TokenCipherError) return '';
    throw error;
  }
}

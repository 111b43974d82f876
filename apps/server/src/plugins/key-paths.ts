/**
 * Paths called by programs with an API key (`Authorization: Bearer <key>`) rather than by the browser:
 * the open API and the MCP server. They are not signed (a program has no page to take the signing code
 * from), the key is not a session token, and their limits are the key's own (per minute, and the day's
 * API units), so the signing, session and browser request-limit layers leave them alone.
 */
export const keyPathPrefixes = ['/open/v1', '/mcp'] as const;

/** Whether a canonical request path belongs to the API-key callers (the prefix itself or below it). */
export function isKeyPath(pathname: string): boolean {
  return keyPathPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Postgres' unique violation (SQLSTATE 23505), whether the driver's error comes bare (node-postgres,
 * PGlite) or wrapped by the ORM in its `cause`. Callers catch it where a unique key is the guard that
 * makes a concurrent duplicate lose: the loser then answers in the product's words instead of a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return candidate?.code === '23505' || candidate?.cause?.code === '23505';
}

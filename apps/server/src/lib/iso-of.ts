/** A timestamp read by raw SQL (`queryRows`), a Date or the column's text, as the wire's ISO text. */
export const isoOf = (value: unknown): string =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();

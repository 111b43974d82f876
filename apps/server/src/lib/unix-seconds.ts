/**
 * A moment as the wire's Unix seconds (the spec's `*_time` fields), rounded down; a moment that has not
 * happened (null) stays null.
 */
export function unixSeconds(at: Date): number;
export function unixSeconds(at: Date | null): number | null;
export function unixSeconds(at: Date | null): number | null {
  return at ? Math.floor(at.getTime() / 1000) : null;
}

/**
 * A copy of `params` with `changes` made, for `setSearchParams`: a string sets its parameter, null
 * removes it, and every other parameter of the address stays as it was.
 */
export function withSearchParams(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

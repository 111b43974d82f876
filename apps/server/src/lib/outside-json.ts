/**
 * Calling an outside service that answers JSON, shared by the vendor adapters (TikHub, the Douyin Open
 * Platform's hot lists): the call within a time limit, and the readers of JSON whose every field may be
 * missing, null or of another type. What a vendor's failure means stays in its adapter.
 */

/** Loosely typed JSON as a vendor sends it. */
export type Json = Record<string, unknown>;

export const asObject = (value: unknown): Json | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
export const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** The objects of a list field, leaving out whatever else it holds. */
export const objectsIn = (value: unknown): Json[] =>
  asList(value)
    .map(asObject)
    .filter((item): item is Json => item !== null);

/** A body as a JSON object, or null when it is not JSON or not an object. */
export function parseJsonObject(text: string): Json | null {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Why a call got no answer: it ran past its time limit, or it could not connect or was cut off. */
export interface CallFailure {
  timedOut: boolean;
  /** The runtime's own words, for the log. */
  message: string;
}

/**
 * One HTTP call with a time limit, its body read inside the same guard: a connection cut halfway
 * through the body fails here, not later as an empty or unreadable answer. A call that gets no answer
 * rejects with the adapter's own error, made by `failed`.
 */
export async function fetchWithin(
  doFetch: (input: string, init?: RequestInit) => Promise<Response>,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  failed: (failure: CallFailure) => Error,
): Promise<{ response: Response; text: string }> {
  try {
    const response = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { response, text: await response.text() };
  } catch (error) {
    const name = (error as Error).name;
    throw failed({ timedOut: name === 'TimeoutError' || name === 'AbortError', message: (error as Error).message });
  }
}

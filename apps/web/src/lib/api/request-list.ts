import { type RequestOptions, request } from './client';

/**
 * Calls a list API whose answer is a nicety (suggestions, countries, coupons): silent, so a failure shows
 * nothing, and an answer that is not a list reads as an empty one.
 */
export async function requestList<T>(path: string, options: RequestOptions = {}): Promise<T[]> {
  const data = await request<T[]>(path, { ...options, silent: true });
  return Array.isArray(data) ? data : [];
}

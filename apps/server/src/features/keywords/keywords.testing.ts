import type { TestApp } from '../../testing';

/**
 * POSTs a keyword query to `url` (the search, or its export, which takes the same body): `platform` is
 * DSO unless `body` names another; with the session `token` if given. Answers the response.
 */
export const postKeywordQuery = (t: TestApp, url: string, body: Record<string, unknown>, token?: string) =>
  t.request({ method: 'POST', url, body: { platform: 'DSO', ...body }, ...(token ? { token } : {}) });

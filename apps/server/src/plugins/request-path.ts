import type { FastifyRequest, RouteOptions } from 'fastify';

/**
 * One spelling of every request path, decided before routing (Fastify's `rewriteUrl`), so that the
 * signature check, the session layer, the limits, the router and the web-app fallback all read the same
 * string from `request.url`. Without it `/%61pi/keyword/search` skipped signing (the hooks read the raw
 * text, the router the decoded one).
 *
 * The canonical form:
 * 1. percent-escapes are decoded (an encoded `/` becomes a separator: no route takes a slash inside a
 *    segment), and a path that does not decode is left alone for the router to refuse;
 * 2. empty segments (`//`) and `.` are dropped, `..` removes the segment before it, and an `/api`
 *    path loses a trailing slash;
 * 3. an `/api` path is matched case-insensitively against the registered `/api` routes and takes the
 *    route's own spelling (parameter values keep theirs); the `api` segment is lower-cased anyway, so an
 *    unknown path still meets the signature check;
 * 4. each segment is encoded again, so characters the router decodes (`%`, `?`, `#`, non-ASCII) survive.
 * The query string is left exactly as sent.
 */
export interface ApiRouteIndex {
  /** Records a route as Fastify adds it (an `onRoute` hook). */
  track(route: Pick<RouteOptions, 'url' | 'method'>): void;
  /** Methods registered for an exact `/api` path, if any. */
  methodsOf(path: string): ReadonlySet<string> | undefined;
  /** Every registered `/api` route with its methods. */
  list(): Array<{ url: string; methods: string[] }>;
  /** The canonical form of a raw request URL (path normalised, query untouched). */
  canonicalUrl(rawUrl: string): string;
}

export function createApiRouteIndex(): ApiRouteIndex {
  const methodsByPath = new Map<string, Set<string>>();
  // Lower-cased path → registered spelling, for the static routes (the common case, one lookup).
  const staticSpelling = new Map<string, string>();
  // Routes with parameters, as segments, matched one by one.
  const patterns: string[][] = [];

  function canonicalApiPath(segments: string[]): string[] {
    const lowered = `/${segments.join('/')}`.toLowerCase();
    const spelled = staticSpelling.get(lowered);
    if (spelled) return spelled.split('/').slice(1);
    for (const pattern of patterns) {
      if (pattern.length !== segments.length) continue;
      const matches = pattern.every(
        (part, at) => part.startsWith(':') || part.toLowerCase() === segments[at]?.toLowerCase(),
      );
      if (matches) return pattern.map((part, at) => (part.startsWith(':') ? (segments[at] ?? '') : part));
    }
    return ['api', ...segments.slice(1)];
  }

  return {
    track(route) {
      if (!route.url.startsWith('/api/')) return;
      const methods = methodsByPath.get(route.url) ?? new Set<string>();
      for (const method of [route.method].flat()) methods.add(method);
      if (!methodsByPath.has(route.url)) {
        methodsByPath.set(route.url, methods);
        if (route.url.includes(':')) patterns.push(route.url.split('/').slice(1));
        else staticSpelling.set(route.url.toLowerCase(), route.url);
      }
    },
    methodsOf: (path) => methodsByPath.get(path),
    list: () => [...methodsByPath].map(([url, methods]) => ({ url, methods: [...methods] })),
    canonicalUrl(rawUrl) {
      // Absolute-form targets and `*` (OPTIONS) are not paths; the router answers them as before.
      if (!rawUrl.startsWith('/')) return rawUrl;
      const queryAt = rawUrl.indexOf('?');
      const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
      const query = queryAt === -1 ? '' : rawUrl.slice(queryAt);
      let decoded: string;
      try {
        decoded = decodeURIComponent(rawPath);
      } catch {
        return rawUrl;
      }
      let segments = resolveSegments(decoded);
      const isApi = segments[0]?.toLowerCase() === 'api' && segments.length > 1;
      if (isApi) segments = canonicalApiPath(segments);
      // API routes have no trailing slash; elsewhere (static files, client routes) it is left as sent.
      const trailing = !isApi && decoded.endsWith('/') && segments.length > 0 ? '/' : '';
      return `/${segments.map(encodeSegment).join('/')}${trailing}${query}`;
    },
  };
}

/** Splits a decoded path into segments, dropping empty and `.` ones and resolving `..`. */
function resolveSegments(path: string): string[] {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments;
}

/** Encodes what a path segment cannot carry literally; the characters routes use stay as they are. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(3A|40|2C|3B|3D|2B|24|26)/g, (escaped) => decodeURIComponent(escaped));
}

/** The request's path as every check reads it: the canonical URL without its query. */
export function requestPath(request: FastifyRequest): string {
  const queryAt = request.url.indexOf('?');
  return queryAt === -1 ? request.url : request.url.slice(0, queryAt);
}

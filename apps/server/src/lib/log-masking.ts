import type { FastifyRequest } from 'fastify';
import { type LoggerOptions, stdSerializers } from 'pino';

/**
 * Logs leave the machine (files, collectors, support tickets), so what identifies a user or opens a
 * session is masked before a line is written: request headers that carry credentials, the parameters
 * of a failed query (drizzle puts them in the message), phone numbers and token hashes anywhere in an
 * error's text.
 */

/** Headers removed from any logged request or reply. */
const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-dso-sign"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-dso-sign"]',
];

/** Mainland mobile numbers (11 digits starting 1[3-9], maybe after 86) not part of a longer number. */
const phonePattern = /(?<!\d)((?:86)?1[3-9]\d)\d{4}(\d{4})(?!\d)/g;
/** Hex digests of 32+ characters: session token hashes (sha256), code hashes. */
const hexDigestPattern = /(?<![0-9a-f])([0-9a-f]{6})[0-9a-f]{26,}(?![0-9a-f])/gi;
/** Drizzle's `Failed query: <sql>\nparams: <values>`: the values are user input. */
const queryParamsPattern = /\nparams: [^\n]*/g;

/** Masks phone numbers, token hashes and query parameters in one piece of text. */
export function maskText(text: string): string {
  return text
    .replace(queryParamsPattern, '\nparams: [hidden]')
    .replace(phonePattern, '$1****$2')
    .replace(hexDigestPattern, '$1…');
}

/** Keys of a serialized error that hold user input as such. */
const droppedErrorKeys = new Set(['params', 'parameters']);

function maskDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskText(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, depth + 1));
  const masked: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (droppedErrorKeys.has(key)) continue;
    masked[key] = maskDeep(item, depth + 1);
  }
  return masked;
}

/**
 * pino's error serializer, with its text masked and query parameters dropped. pino folds a cause into
 * the message and stack only; the driver's own fields (SQLSTATE `code`, `detail`) are kept as `cause`.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return maskDeep(error);
  const serialized = maskDeep(stdSerializers.err(error)) as Record<string, unknown>;
  if (error.cause !== undefined && depth < 4) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** Fastify's request fields, with the URL masked (a phone number can travel in a query string). */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskText(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Adds masking to the logger options the app is built with; `false` (silent tests) stays as it is. */
export function maskedLogger<T extends boolean | Record<string, unknown>>(options: T): T | LoggerOptions {
  if (options === false) return options;
  const base = options === true ? {} : (options as LoggerOptions);
  return {
    ...base,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      ...base.serializers,
      err: (error: unknown) => serializeError(error),
      error: (error: unknown) => serializeError(error),
      req: serializeRequest,
    },
    hooks: {
      // Messages are free text too: `log.error('login failed for 13812345678')` must not keep the number.
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? maskText(arg) : arg)) as Parameters<typeof method>,
        );
      },
    },
  };
}

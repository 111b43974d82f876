import fc from 'fast-check';
import { z } from 'zod';

/**
 * Generators of hostile request input for the route fuzz test: values shaped like what a route's zod
 * schema expects (read through its JSON Schema) but carrying the strings and numbers that break
 * databases and parsers, and plain garbage of every JSON shape.
 */

/** Strings that have broken (or could break) a route somewhere between the parser and the database. */
export const hostileStrings = [
  '\u0000',
  '口红\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\uD83D',
  '😀',
  '口红😀',
  '👨‍👩‍👧',
  '\u200B',
  '\uFEFF',
  '\u202E',
  '\t\n\r',
  ' ',
  '',
  'x'.repeat(10_000),
  '口'.repeat(10_000),
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '%',
  '_',
  '%_\\',
  '\\',
  '$1',
  '?',
  '::int',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-0',
  '0x10',
  '1.5',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999',
  'null',
  'true',
  '[]',
  '{}',
  '口红',
  '面膜',
  '口',
  'lipstick',
  'DSO',
  'TSO',
  'US',
  'word',
  'RawPhone',
  '13800138000',
];

/** Numbers at the edges of columns, of safe integers and of doubles. */
export const hostileNumbers = [
  0,
  -0,
  1,
  -1,
  0.5,
  Number.MIN_VALUE,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e308,
  -1e308,
  8.64e15 + 1,
];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

const hostileNumber = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
);

/** Any JSON value, small, with hostile leaves. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Pieces that break careless SQL, LIKE patterns or character counts, yet are storable text. */
const legalPieces = ['😀', '%', '_', "'", '\\', '\u200B', ' '];
/** Pieces PostgreSQL cannot store as text. */
const illegalPieces = ['\u0000', '\uD800', '\uDFFF'];

/** A valid string with one hostile piece spliced in: it passes shape checks up to that piece. */
function spliced(valid: fc.Arbitrary<string>, pieces: string[]): fc.Arbitrary<string> {
  return fc.tuple(valid, fc.constantFrom(...pieces), fc.nat()).map(([text, piece, at]) => {
    const index = text.length === 0 ? 0 : at % (text.length + 1);
    return text.slice(0, index) + piece + text.slice(index);
  });
}

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};

/** The JSON Schema of what a zod schema accepts as input; null for anything else (no schema). */
export function inputJsonSchema(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * How hostile generated values are. `clean`: the shape is kept (enums valid, lengths and counts within
 * bounds, known keys only), and hostility comes from the leaves (a spliced NUL, an edge number), so
 * many requests pass validation and reach the handler. `hostile`: any node may be garbage.
 */
export type Hostility = 'clean' | 'hostile';

/** Values of (nearly) the shape the schema describes. */
export function nearlyValid(schema: JsonSchema, hostility: Hostility, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedBy(schema, hostility, depth);
  if (hostility === 'clean') return shaped;
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostileJson });
}

function shapedBy(schema: JsonSchema, hostility: Hostility, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return hostileJson;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) {
    const valid = fc.constantFrom(...schema.enum);
    return hostility === 'clean' ? valid : fc.oneof({ weight: 3, arbitrary: valid }, hostileString);
  }
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => nearlyValid(variant, hostility, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((one) => shapedBy({ ...schema, type: one }, hostility, depth)));
  switch (type[0]) {
    case 'object':
      return objectShaped(schema, hostility, depth);
    case 'array':
      return arrayShaped(schema, hostility, depth);
    case 'string':
      return stringShaped(schema, hostility);
    case 'integer':
    case 'number':
      return numberShaped(schema, type[0] === 'integer', hostility);
    case 'boolean':
      return hostility === 'clean' ? fc.boolean() : fc.oneof(fc.boolean(), hostileJson);
    case 'null':
      return fc.constant(null);
    default:
      return hostileJson;
  }
}

function objectShaped(schema: JsonSchema, hostility: Hostility, depth: number): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([key, property]) =>
    fc.option(
      nearlyValid(property, hostility, depth + 1).map((value) => [key, value] as const),
      // Required fields are usually present, optional ones half the time.
      { nil: undefined, freq: required.has(key) ? 12 : 2 },
    ),
  );
  const extras =
    hostility === 'clean'
      ? fc.constant(undefined)
      : fc.option(fc.dictionary(hostileString, hostileJson, { maxKeys: 2 }), { nil: undefined, freq: 4 });
  return fc.tuple(fc.tuple(...fields), extras).map(([pairs, extra]) => {
    const value: Record<string, unknown> = { ...extra };
    for (const pair of pairs) if (pair) value[pair[0]] = pair[1];
    return value;
  });
}

function arrayShaped(schema: JsonSchema, hostility: Hostility, depth: number): fc.Arbitrary<unknown> {
  const item = schema.items ? nearlyValid(schema.items, hostility, depth + 1) : hostileJson;
  const min = schema.minItems ?? 0;
  const max = schema.maxItems ?? 6;
  const within = fc.array(item, { minLength: Math.min(min, 12), maxLength: Math.min(max, 12) });
  if (hostility === 'clean') return within;
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(item, { maxLength: Math.min(max + 2, 12) }) },
    // One past the limit, and a big array of one repeated value.
    { weight: 1, arbitrary: item.map((one) => Array.from({ length: max + 1 }, () => one)) },
    { weight: 1, arbitrary: item.map((one) => Array.from({ length: 5_000 }, () => one)) },
  );
}

function stringShaped(schema: JsonSchema, hostility: Hostility): fc.Arbitrary<unknown> {
  const valid = validString(schema);
  // Clean strings stay storable (no NUL, no lone surrogate) so they get past the input guard.
  if (hostility === 'clean') return fc.oneof(valid, spliced(valid, legalPieces));
  const options: fc.Arbitrary<unknown>[] = [valid, spliced(valid, [...legalPieces, ...illegalPieces]), hostileString];
  if (schema.maxLength !== undefined) {
    options.push(fc.constant('口'.repeat(schema.maxLength)), fc.constant('口'.repeat(schema.maxLength + 1)));
  }
  return fc.oneof(...options);
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern), { size: 'xsmall' });
    } catch {
      // A pattern JavaScript cannot compile: fall through to free text.
    }
  }
  const minLength = Math.min(schema.minLength ?? 0, 64);
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 32, 64));
  const words = ['口红', '面膜', '口红色号', 'lipstick review', '13800138000', '13912345678', '123456'].filter(
    (word) => word.length >= minLength && word.length <= maxLength,
  );
  const free = fc.string({ unit: 'grapheme', minLength, maxLength });
  return words.length ? fc.oneof(free, fc.constantFrom(...words)) : free;
}

function numberShaped(schema: JsonSchema, integer: boolean, hostility: Hostility): fc.Arbitrary<unknown> {
  const min = schema.minimum ?? schema.exclusiveMinimum;
  const max = schema.maximum ?? schema.exclusiveMaximum;
  const edges = [min, max, min === undefined ? undefined : min - 1, max === undefined ? undefined : max + 1].filter(
    (edge): edge is number => edge !== undefined && Number.isFinite(edge),
  );
  const low = Math.max(min ?? -1_000, -1_000_000);
  const high = Math.min(max ?? 1_000_000, 1_000_000);
  const inRange = integer
    ? fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(high)) })
    : fc.double({ min: low, max: Math.max(low, high), noNaN: true });
  const numbers = fc.oneof(
    { weight: hostility === 'clean' ? 4 : 1, arbitrary: inRange },
    { weight: 1, arbitrary: hostileNumber },
    ...(edges.length ? [{ weight: 1, arbitrary: fc.constantFrom(...edges) }] : []),
  );
  // Query fields are coerced from text, so numbers also arrive as strings.
  if (hostility === 'clean') return fc.oneof({ weight: 3, arbitrary: numbers }, numbers.map(String));
  return fc.oneof({ weight: 3, arbitrary: numbers }, numbers.map(String), hostileString);
}

/** Clean and hostile values of a schema, or garbage when there is no schema. */
function valuesOf(schema: JsonSchema | null): fc.Arbitrary<unknown> {
  if (!schema) return hostileJson;
  return fc.oneof(
    { weight: 3, arbitrary: nearlyValid(schema, 'clean') },
    { weight: 2, arbitrary: nearlyValid(schema, 'hostile') },
  );
}

// ---------------------------------------------------------------------------------------------------
// Query strings

/**
 * Percent-encodes text the way a hostile client may: lone surrogates as their (invalid) UTF-8-style
 * bytes, which `encodeURIComponent` refuses to produce.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(index, index + 2));
      index += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out +=
        `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(text[index] ?? '');
    }
  }
  return out;
}

function queryText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A query string for a generated object: arrays repeat their key, objects travel as JSON. */
export function encodeQuery(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return value === undefined ? '' : percentEncode(queryText(value));
  }
  const pairs: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    for (const one of Array.isArray(item) ? item : [item])
      pairs.push(`${percentEncode(key)}=${percentEncode(queryText(one))}`);
  }
  return pairs.join('&');
}

/** Raw fragments a query parser must survive. */
export const rawQueryFragments = fc.constantFrom('%00', '%ED%A0%80', '%', '%zz', '&&=', 'a[b]=c', 'keyword', '=');

// ---------------------------------------------------------------------------------------------------
// Bodies

/** A request body: JSON (nearly valid or garbage), or something that is not JSON at all. */
export type BodyCase =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; payload: string | Buffer };

/** A value of a form field: mostly a word with one piece spliced in, storable or not. */
const formValue = fc.oneof(hostileString, {
  weight: 3,
  arbitrary: spliced(fc.constantFrom('abc', '口红'), [...legalPieces, ...illegalPieces]),
});

const multipartBoundary = 'fuzzboundary';

function multipart(parts: Array<{ name: string; filename?: string; content: string }>): Buffer {
  const chunks = parts.map(
    (part) =>
      `--${multipartBoundary}\r\nContent-Disposition: form-data; name="${part.name}"${
        part.filename === undefined ? '' : `; filename="${part.filename}"`
      }\r\n\r\n${part.content}\r\n`,
  );
  return Buffer.from(`${chunks.join('')}--${multipartBoundary}--\r\n`, 'utf8');
}

const rawBody: fc.Arbitrary<BodyCase> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'text/xml',
        'application/xml',
        'application/x-www-form-urlencoded',
        'application/json',
      ),
      fc.oneof(
        hostileString,
        hostileJson.map((value) => encodeQuery(value)),
        fc.constantFrom('{', '{"a":', '[[[[[[[[[[', '{"__proto__":{"x":1}}', '<xml><Event>SCAN</Event></xml>'),
        fc.constant(`${'['.repeat(10_000)}${']'.repeat(10_000)}`),
      ),
    )
    .map(([contentType, payload]): BodyCase => ({ kind: 'raw', contentType, payload })),
  // The sandbox scan page's form (ticket, openid, action), the values storable or not.
  fc
    .record(
      { ticket: formValue, openid: formValue, action: fc.constantFrom('confirm', 'cancel', 'x\u0000') },
      { requiredKeys: ['ticket'] },
    )
    .map(
      (form): BodyCase => ({
        kind: 'raw',
        contentType: 'application/x-www-form-urlencoded',
        payload: encodeQuery(form),
      }),
    ),
  fc
    .tuple(
      hostileString,
      hostileString,
      fc.constantFrom('file', 'format', 'x'),
      fc.constantFrom('data.csv', 'a.xlsx', 'b.jsonl'),
    )
    .map(
      ([filename, content, field, known]): BodyCase => ({
        kind: 'raw',
        contentType: `multipart/form-data; boundary=${multipartBoundary}`,
        payload: multipart([
          {
            name: field,
            filename: filename.length ? filename : known,
            content: `keyword,search_index\n${content},1\n`,
          },
          { name: 'format', content },
        ]),
      }),
    ),
);

/** Bodies for a route whose body schema (if any) is given as JSON Schema. */
export function bodyCases(schema: JsonSchema | null): fc.Arbitrary<BodyCase | undefined> {
  const json = valuesOf(schema).map((value): BodyCase => ({ kind: 'json', value }));
  return fc.oneof(
    { weight: 6, arbitrary: json },
    // A route without a body schema may read forms, XML or uploads itself: send those as often.
    { weight: schema ? 2 : 6, arbitrary: rawBody },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** Query strings for a route whose querystring schema (if any) is given as JSON Schema. */
export function queryCases(schema: JsonSchema | null): fc.Arbitrary<string> {
  const shaped = valuesOf(schema).map(encodeQuery);
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 1, arbitrary: fc.tuple(shaped, rawQueryFragments).map(([query, raw]) => `${query}&${raw}`) },
    // A route that reads no query mostly gets none, so its body is what decides the answer.
    { weight: schema ? 1 : 7, arbitrary: fc.constant('') },
  );
}

/** Values for a path parameter such as `:id`. */
export const paramValue: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 1, max: 5 }).map(String),
  fc.constantFrom(...hostileNumbers).map(String),
  hostileString.filter((text) => text.length > 0 && text.length < 200),
);

import { z } from 'zod';

/** Every API response: `{ code, msg, data }` (001 §3). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Builds the envelope schema for a given `data` schema. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

/**
 * Answers the fake OpenAI-compatible vendor servers (llm, speech) are told to give, where several
 * adapters' tests ask for the same one.
 */

/** A 429 with Retry-After 20: every adapter reads it as rate_limited, the wait in its detail. */
export const rateLimitedAnswer = {
  kind: 'status',
  status: 429,
  body: { error: { message: 'Rate limit reached' } },
  headers: { 'Retry-After': '20' },
} as const;

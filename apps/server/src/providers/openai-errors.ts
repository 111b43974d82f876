/**
 * How every OpenAI-compatible API (chat completions, transcriptions, images; DeepSeek, Qwen, Doubao, SiliconFlow
 * and the rest) reports a failure: the HTTP status says why, and the body carries `{ error: { message } }`.
 */

/** What an HTTP status other than 200 means: a refused key, a limit or spent balance, or anything else. */
export function openAiStatusReason(status: number): 'unauthorized' | 'rate_limited' | 'unavailable' {
  if (status === 401 || status === 403) return 'unauthorized';
  // 402: DeepSeek's "Insufficient Balance"; 429: rate or quota limits everywhere.
  if (status === 429 || status === 402) return 'rate_limited';
  return 'unavailable';
}

/** The vendor's message of an error body (`{ error: { message } }`, `{ error }` or `{ message }`), short, for the log. */
export function openAiErrorDetail(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof message === 'string') return message.slice(0, 300);
  } catch {
    // not JSON: the raw text below
  }
  return body.slice(0, 300);
}

/** A failure's detail with the vendor's Retry-After, when it sent one, so the log says when a limit lifts. */
export function withRetryAfter(detail: string, headers: Headers): string {
  const retryAfter = headers.get('retry-after');
  return `${detail}${retryAfter ? ` (Retry-After ${retryAfter})` : ''}`;
}

/** The settings every OpenAI-compatible adapter (chat completions, transcriptions, images) is made from. */
export interface OpenAiEndpointOptions {
  /** Up to and including the version, e.g. `https://api.openai.com/v1`; the call's path is appended. */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

/** What one adapter calls, and how it names itself when it refuses to start. */
export interface OpenAiEndpointCall {
  /** e.g. `/chat/completions`. */
  path: string;
  /** The adapter as an operator reads it, e.g. `the OpenAI-compatible LLM`. */
  service: string;
  /** The prefix of its variables, e.g. `LLM` for LLM_API_KEY and LLM_MODEL. */
  envPrefix: string;
}

/**
 * The endpoint an OpenAI-compatible adapter posts to. A missing key or model refuses the adapter at start,
 * naming the variable to set, rather than failing every call later with the vendor's 401 or 404.
 */
export function openAiEndpoint(options: OpenAiEndpointOptions, call: OpenAiEndpointCall, defaultTimeoutMs: number) {
  if (!options.apiKey) throw new Error(`${call.service} needs an API key (${call.envPrefix}_API_KEY)`);
  if (!options.model) throw new Error(`${call.service} needs a model (${call.envPrefix}_MODEL)`);
  return {
    url: `${options.baseUrl.replace(/\/+$/, '')}${call.path}`,
    fetch: options.fetch ?? fetch,
    timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
  };
}

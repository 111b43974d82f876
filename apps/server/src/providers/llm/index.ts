import type { LlmLiveReplayTask, LlmWordGroupsTask } from './tasks';

/**
 * The LLM provider: a streamed chat completion. The sandbox (the default) writes from the
 * product's own data handed to it in {@link LlmChatRequest.context}; the real adapter speaks the
 * OpenAI-compatible `/chat/completions` API that DeepSeek, Qwen (DashScope compatible mode), Doubao,
 * Moonshot and Zhipu all serve (docs/providers.md).
 *
 * A call is an async iterable of text deltas: iterating starts the request, `break` or the signal ends
 * it. A source that cannot answer rejects the iteration with an {@link LlmError}.
 */

/** One chat message, as the OpenAI-compatible APIs take it. */
export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * The product's data a prompt was built from. Real models read it in the messages; the sandbox writes
 * from it directly, so it answers with the product's own words without a model.
 */
export interface LlmContext {
  /** What the text is about (the template's title, or the user's subject). */
  topic: string;
  /** Keywords the user gave or the service picked. */
  keywords: string[];
  /** Words the keyword library relates to them (related words, suggestions). */
  relatedWords: string[];
  /** Tone and audience of the writing, when the caller has them. */
  tone?: string;
  audience?: string;
  /** The user's filled-in variables, label → value. */
  fields?: Array<{ label: string; value: string }>;
  /**
   * What is asked for: an article from the words (the default), a short-video script drawing on
   * `videos` (AI 文案), picks among `candidates` (AI 选词), a grouping of `wordGroups` (关键词思维导图,
   * answered in JSON), a review of `liveReplay` (AI 直播复盘, answered in JSON) or an image-text note
   * drawing on `videos` (AI 图文: a `# ` title line, a short opening and numbered points for the cards).
   */
  kind?: 'article' | 'script' | 'picks' | 'word-groups' | 'live-replay' | 'note';
  /** The form an article (AI 创作) takes: its template's declared output form; 'article' when none. */
  form?: LlmWritingForm;
  /** Videos of the video library to draw on, in the order the prompt numbers them (视频1, 视频2 …). */
  videos?: LlmVideoMaterial[];
  /** Keyword library words to choose from, with their figures. */
  candidates?: LlmCandidate[];
  /** The words to group into a mind map's branches (kind 'word-groups'). */
  wordGroups?: LlmWordGroupsTask;
  /** A live session's measured facts to review (kind 'live-replay'). */
  liveReplay?: LlmLiveReplayTask;
}

/**
 * The output forms of AI 创作's templates: 10 titles, five openings, a short-video script (hook, shots,
 * call to action), a 小红书 note (title, body, tags), a tutorial note, a live-selling script, a live
 * preview, three 朋友圈 posts, a promotion, five selling points, or a plain article.
 */
export type LlmWritingForm =
  | 'article'
  | 'titles'
  | 'openings'
  | 'video-script'
  | 'note'
  | 'tutorial'
  | 'live-script'
  | 'live-preview'
  | 'posts'
  | 'promotion'
  | 'selling-points';

/** A video handed to the model as material: its title and its most liked comments. */
export interface LlmVideoMaterial {
  title: string;
  comments: string[];
}

/**
 * A word to choose from: the library's exact figures (for ranking only) and `figures`, the line the
 * user sees beside it (banded for most users), which is the only form a text may quote.
 */
export interface LlmCandidate {
  word: string;
  searchIndex: number;
  /** Competition stars, 1 (little) to 4. */
  competition: number;
  relatedWorkCount: number;
  /** Growth as a fraction (0.12 = +12 %). */
  growthRate: number;
  figures: string;
}

/** A streamed chat completion request. */
export interface LlmChatRequest {
  messages: LlmMessage[];
  context: LlmContext;
  /** Ends the call: the iteration rejects with reason 'aborted'. */
  signal?: AbortSignal;
  temperature?: number;
  maxTokens?: number;
  /** How many times this text was regenerated: the sandbox picks another phrasing; models vary anyway. */
  variant?: number;
}

/** Why a call did not answer. */
export type LlmErrorReason =
  /** The vendor refused our key. */
  | 'unauthorized'
  /** The vendor asked us to slow down, or our balance with it is spent. */
  | 'rate_limited'
  /** Down, timed out, or streamed something we cannot read. */
  | 'unavailable'
  /** The caller's signal ended the call. */
  | 'aborted';

/** The rejection of a call that did not answer. */
export class LlmError extends Error {
  constructor(
    readonly reason: LlmErrorReason,
    message: string,
    /** The vendor's own code or message, for the log. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

/** One interface for the sandbox and every OpenAI-compatible vendor. */
export interface LlmProvider {
  /** 'sandbox', or 'openai' with the model name. */
  readonly name: string;
  /** Output is the sandbox's, not a model's: the UI labels it. */
  readonly isSandbox: boolean;
  /** Streams the completion as text deltas. */
  streamChat(request: LlmChatRequest): AsyncIterable<string>;
}

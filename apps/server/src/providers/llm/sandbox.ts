import { type LlmChatRequest, type LlmContext, LlmError, type LlmProvider } from './index';

/** The first line of every sandbox answer, so no one mistakes it for a model's writing. */
export const SANDBOX_LABEL = '【沙箱示例输出：未调用大模型，内容由本站关键词数据按模板拼写】';

export interface SandboxLlmOptions {
  /** Pause between pieces, so the stream grows visibly like a model's; 0 in unit tests. */
  pieceDelayMs?: number;
  /** Characters per piece. */
  pieceSize?: number;
}

/** A small stable hash: the same input picks the same phrasing. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619) >>> 0;
  return hash;
}

const openings = [
  (topic: string) => `说到「${topic}」，很多人第一反应是难、麻烦，其实抓住几个关键点就够了。`,
  (topic: string) => `今天想认真聊聊「${topic}」，这些经验都是一点点试出来的。`,
  (topic: string) => `如果你也在琢磨「${topic}」，这篇可以直接收藏。`,
];
/** How the first point starts, and the ones after it (rotated by the seed). */
const firstLead = '先说';
const laterLeads = ['再看', '别忽略', '还有', '顺带一提'];
const closings = [
  '你在这方面有什么心得？评论区聊聊。',
  '觉得有用就点个收藏，下次用得上。',
  '关注我，后面继续分享更多实用内容。',
];

/**
 * The text the sandbox writes for a context: a label, a title line, an opening, one point for each
 * keyword and related word (the library's own vocabulary), tone and audience, and a closing. `variant`
 * (the regeneration count) picks another phrasing, so regenerating visibly changes the text.
 */
export function sandboxText(context: LlmContext, variant = 0): string {
  const seed = hashOf(`${context.topic}|${context.keywords.join(',')}`) + variant;
  const words = [...new Set([...context.keywords, ...context.relatedWords].map((word) => word.trim()))].filter(Boolean);
  const lines = [SANDBOX_LABEL, '', `# ${context.topic}`, '', openings[seed % openings.length]!(context.topic)];
  if (context.audience) lines.push(`这篇写给${context.audience}。`);
  if (context.fields?.length) {
    lines.push('', ...context.fields.filter((field) => field.value).map((field) => `- ${field.label}：${field.value}`));
  }
  lines.push('');
  words.slice(0, 8).forEach((word, index) => {
    const lead = index === 0 ? firstLead : laterLeads[(seed + index) % laterLeads.length];
    lines.push(`${index + 1}. ${lead}「${word}」：把它放进标题和开头三秒，搜索「${word}」的人才会看到你。`);
  });
  if (words.length === 0) lines.push(`1. 围绕「${context.topic}」讲清一个具体场景，比泛泛而谈更能留住人。`);
  if (context.tone) lines.push('', `（语气：${context.tone}）`);
  lines.push('', closings[(seed >>> 3) % closings.length]!);
  return lines.join('\n');
}

/** Splits text into pieces of about `size` characters, never inside a surrogate pair. */
function piecesOf(text: string, size: number): string[] {
  const chars = Array.from(text);
  const pieces: string[] = [];
  for (let index = 0; index < chars.length; index += size) pieces.push(chars.slice(index, index + size).join(''));
  return pieces;
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * The sandbox LLM: writes {@link sandboxText} from the request's context and streams it in small
 * pieces. The messages are not read, so the output depends only on the product's data.
 */
export function createSandboxLlm(options: SandboxLlmOptions = {}): LlmProvider {
  const pieceDelayMs = options.pieceDelayMs ?? 25;
  const pieceSize = options.pieceSize ?? 4;
  return {
    name: 'sandbox',
    isSandbox: true,
    async *streamChat(request: LlmChatRequest) {
      for (const piece of piecesOf(sandboxText(request.context, request.variant ?? 0), pieceSize)) {
        if (request.signal?.aborted) throw new LlmError('aborted', 'the caller stopped the sandbox stream');
        yield piece;
        await pause(pieceDelayMs, request.signal);
      }
    },
  };
}

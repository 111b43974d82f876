import { type LlmCandidate, type LlmChatRequest, type LlmContext, LlmError, type LlmProvider } from './index';
import { sandboxLiveReplay, sandboxWordGroups } from './sandbox-tasks';
import { writingText } from './sandbox-writing';

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
const closings = [
  '你在这方面有什么心得？评论区聊聊。',
  '觉得有用就点个收藏，下次用得上。',
  '关注我，后面继续分享更多实用内容。',
];

/**
 * The text the sandbox writes for a context, by its kind: a writing in its template's form, a
 * short-video script, a note or picks. `variant` (the regeneration count) picks another phrasing, so
 * regenerating visibly changes the text. The text is plain copy: no sandbox label (the interface shows
 * 沙箱示例输出 beside it, from the provider's `isSandbox`) and no Markdown marks.
 */
export function sandboxText(context: LlmContext, variant = 0): string {
  if (context.kind === 'word-groups' && context.wordGroups)
    return JSON.stringify(sandboxWordGroups(context.wordGroups));
  if (context.kind === 'live-replay' && context.liveReplay)
    return JSON.stringify(sandboxLiveReplay(context.liveReplay));
  if (context.kind === 'picks') return picksText(context, variant);
  if (context.kind === 'script') return scriptText(context, variant);
  if (context.kind === 'note') return noteText(context, variant);
  return writingText(context, hashOf(`${context.topic}|${context.keywords.join(',')}`) + variant);
}

const noteTitles = [
  (keyword: string, count: number) => `${keyword}怎么选？这${count}点一次讲清`,
  (keyword: string) => `新手必看！${keyword}避坑指南`,
  (keyword: string) => `${keyword}清单｜收藏这一篇就够了`,
];
const noteLeads = ['照着', '学学', '参考'];

/**
 * An image-text note (AI 图文): a title line, an opening, one numbered point per top video (its
 * title and what its commenters asked) and per related word, a closing and topic tags. The cards are
 * drawn from the title and the points, so each point stays one short sentence or two.
 */
function noteText(context: LlmContext, variant: number): string {
  const seed = hashOf(`${context.topic}|${context.keywords.join(',')}`) + variant;
  const keyword = context.keywords[0] ?? context.topic;
  const words = [...new Set(context.relatedWords.map((word) => word.trim()))].filter(
    (word) => word && word !== keyword,
  );
  const points = (context.videos ?? []).slice(0, 3).map((video, index) => {
    const comment = video.comments[(seed + index) % Math.max(1, video.comments.length)];
    const lead = noteLeads[(seed + index) % noteLeads.length];
    return comment
      ? `${lead}「${video.title}」：评论区最多人问「${comment}」，先把这个讲清楚。`
      : `${lead}「${video.title}」：同款场景更容易被刷到。`;
  });
  for (const word of words.slice(0, Math.max(2, 6 - points.length))) {
    points.push(`「${word}」：搜的人多，写进正文和标签更容易被搜到。`);
  }
  if (points.length === 0) points.push(`围绕「${keyword}」讲清一个具体场景，比泛泛而谈更能留住人。`);
  return [
    noteTitles[seed % noteTitles.length]!(keyword, points.length),
    '',
    openings[seed % openings.length]!(keyword),
    '',
    ...points.map((point, index) => `${index + 1}. ${point}`),
    '',
    closings[(seed >>> 3) % closings.length]!,
    '',
    [keyword, ...words.slice(0, 4)].map((word) => `#${word}`).join(' '),
  ].join('\n');
}

const hooks = [
  (title: string) => `「${title}」这条视频为什么能火？我拆了同类爆款，发现套路就三步。`,
  (title: string) => `刷到「${title}」的你，是不是也有同样的疑问？今天一次讲清楚。`,
  (title: string) => `同样是拍这个题材，「${title}」凭什么点赞这么高？`,
];
/** How the middle segments of a script start (rotated by the seed); the first and the last have their own. */
const scriptLeads = ['接着讲', '再讲', '补充一点'];

/**
 * A short-video script (AI 文案): a hook after the keyword's top video, one spoken segment per video
 * citing it as 【参考视频N】 with what its commenters asked, the related words woven in, a closing call
 * and topic tags. Videos are numbered as the prompt numbers them, so the page's source list matches.
 */
function scriptText(context: LlmContext, variant: number): string {
  const seed = hashOf(`${context.topic}|${context.keywords.join(',')}`) + variant;
  const keyword = context.keywords[0] ?? context.topic;
  const videos = context.videos ?? [];
  const words = [...new Set(context.relatedWords.map((word) => word.trim()))].filter(Boolean);
  const lines = ['【开头3秒】'];
  lines.push(
    videos[0]
      ? `${hooks[seed % hooks.length]!(videos[0].title)}【参考视频1】`
      : `关于「${keyword}」，90%的人都忽略了这一点。`,
  );
  lines.push('', '【口播正文】');
  videos.forEach((video, index) => {
    const lead =
      index === 0 ? '先讲' : index === videos.length - 1 ? '最后讲' : scriptLeads[(seed + index) % scriptLeads.length];
    const word = words[index];
    const comment = video.comments[(seed + index) % Math.max(1, video.comments.length)];
    const parts = [`${index + 1}. ${lead}「${video.title}」里的做法【参考视频${index + 1}】。`];
    if (comment) parts.push(`评论区有人问「${comment}」，这正是大家最关心的，直接在视频里回答它。`);
    if (word) parts.push(`顺带讲到「${word}」，搜这个词的人也会刷到你。`);
    lines.push(parts.join(''));
  });
  const rest = words.slice(videos.length);
  if (rest.length)
    lines.push(`${videos.length + 1}. 再补充几个大家常搜的点：${rest.map((w) => `「${w}」`).join('、')}。`);
  if (videos.length === 0 && rest.length === 0) lines.push(`1. 围绕「${keyword}」讲清一个具体场景。`);
  lines.push('', '【结尾引导】', closings[(seed >>> 3) % closings.length]!);
  lines.push('', '【推荐话题】', [keyword, ...words.slice(0, 4)].map((word) => `#${word}`).join(' '));
  return lines.join('\n');
}

/**
 * How worth doing a candidate is: demand (search index, squared so a rarely searched word never wins
 * on few works alone) over supply (related works), scaled down by competition stars and up by growth.
 * Log scales keep one huge figure from deciding alone.
 */
export function candidateValue(candidate: LlmCandidate): number {
  const demand = Math.log10(candidate.searchIndex + 10);
  const supply = Math.log10(candidate.relatedWorkCount + 10);
  const competition = Math.min(4, Math.max(1, candidate.competition));
  const growth = 1 + Math.max(-0.5, Math.min(1, candidate.growthRate));
  return ((demand * demand) / supply) * growth * ((5 - competition) / 4);
}

/** Why a candidate is worth doing, from the figures that stand out. */
function reasonFor(candidate: LlmCandidate, variant: number): string {
  const reasons: string[] = [];
  if (candidate.competition <= 1) reasons.push('竞争很小，新账号也有机会排到前面');
  if (candidate.growthRate >= 0.1) reasons.push('近期搜索在上涨，适合趁早布局');
  if (candidate.searchIndex > candidate.relatedWorkCount * 2) reasons.push('搜索需求明显多于现有作品，内容缺口大');
  if (reasons.length === 0) reasons.push('需求稳定、竞争不激烈，适合持续产出');
  // Two reasons when the figures give them, the first rotated by the variant.
  const first = variant % reasons.length;
  const second = (first + 1) % reasons.length;
  return second === first ? reasons[first]! : `${reasons[first]}；${reasons[second]}`;
}

/**
 * AI 选词's picks: the candidates ranked by {@link candidateValue}, the best five each on a line as
 * 「word」：reason (the form `pickedWords` reads; the page shows the figures beside each pick), then a
 * plan quoting the best pick's figures only in the form the user sees (`figures`), so a banded
 * figure is never given away as an exact one.
 */
function picksText(context: LlmContext, variant: number): string {
  const candidates = context.candidates ?? [];
  const ranked = [...candidates].sort((a, b) => candidateValue(b) - candidateValue(a) || a.word.localeCompare(b.word));
  const picks = ranked.slice(0, 5);
  const lines = [`从 ${candidates.length} 个蓝海候选词中，按搜索需求高、竞争小、作品少挑出 ${picks.length} 个：`, ''];
  picks.forEach((candidate, index) => {
    lines.push(`${index + 1}. 「${candidate.word}」：${reasonFor(candidate, variant + index)}。`);
  });
  if (picks[0]) {
    lines.push(
      '',
      `建议先用「${picks[0].word}」（${picks[0].figures}）做标题主词，连发3条同主题视频，再用其余词做系列内容。`,
    );
  }
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

/** Characters per piece of a JSON answer. */
const JSON_PIECE_SIZE = 400;

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
      // A JSON answer is read whole, not watched as it grows: it comes in large pieces.
      const kind = request.context.kind;
      const size = kind === 'word-groups' || kind === 'live-replay' ? JSON_PIECE_SIZE : pieceSize;
      for (const piece of piecesOf(sandboxText(request.context, request.variant ?? 0), size)) {
        if (request.signal?.aborted) throw new LlmError('aborted', 'the caller stopped the sandbox stream');
        yield piece;
        await pause(pieceDelayMs, request.signal);
      }
    },
  };
}

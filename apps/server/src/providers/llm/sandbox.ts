import { fnv1aOfCodePoints } from '../../lib/text-hash';
import { type LlmCandidate, type LlmChatRequest, type LlmContext, LlmError, type LlmProvider } from './index';
import { sandboxLiveReplay, sandboxWordGroups } from './sandbox-tasks';
import { distinct, writingText } from './sandbox-writing';

export interface SandboxLlmOptions {
  /** Pause between pieces, so the stream grows visibly like a model's; 0 in unit tests. */
  pieceDelayMs?: number;
  /** Characters per piece. */
  pieceSize?: number;
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
  return writingText(context, fnv1aOfCodePoints(`${context.topic}|${context.keywords.join(',')}`) + variant);
}

const noteTitles = [
  (keyword: string, count: number) => `${keyword}怎么选？这${count}点一次讲清`,
  (keyword: string) => `新手必看！${keyword}避坑指南`,
  (keyword: string) => `${keyword}清单｜收藏这一篇就够了`,
];
/** A point per video and per word, each pattern used once in a note. */
const noteVideoPoints: Array<(title: string, comment: string | undefined) => string> = [
  (title, comment) =>
    comment
      ? `照着「${title}」：评论区最多人问「${comment}」，先把这个讲清楚。`
      : `照着「${title}」：同款场景更容易被刷到。`,
  (title, comment) =>
    comment ? `学学「${title}」：不少人留言「${comment}」，正文里直接回答。` : `学学「${title}」：它的开头很值得借鉴。`,
  (title, comment) =>
    comment
      ? `参考「${title}」：「${comment}」是高赞提问，可以单独做一页。`
      : `参考「${title}」：画面和节奏都可以照搬。`,
];
const noteWordPoints: Array<(word: string) => string> = [
  (word) => `「${word}」：搜的人多，写进正文和标签更容易被搜到。`,
  (word) => `「${word}」：适合放进标题，点进来的人更精准。`,
  (word) => `「${word}」：评论区常被提到，值得单独说一句。`,
  (word) => `「${word}」：新手最常搜，讲清楚就能留住人。`,
  (word) => `「${word}」：和主题搭配着讲，内容更完整。`,
  (word) => `「${word}」：做成一页卡片，收藏率更高。`,
];

/**
 * An image-text note (AI 图文): a title line, an opening, one numbered point per top video (its
 * title and what its commenters asked) and per related word, a closing and topic tags. The cards are
 * drawn from the title and the points, so each point stays one short sentence or two.
 */
function noteText(context: LlmContext, variant: number): string {
  const seed = fnv1aOfCodePoints(`${context.topic}|${context.keywords.join(',')}`) + variant;
  const keyword = context.keywords[0] ?? context.topic;
  const words = [...new Set(context.relatedWords.map((word) => word.trim()))].filter(
    (word) => word && word !== keyword,
  );
  const videos = (context.videos ?? []).slice(0, noteVideoPoints.length);
  const videoPoints = distinct(noteVideoPoints, videos.length, seed);
  const points = videos.map((video, index) =>
    videoPoints[index]!(video.title, video.comments[(seed + index) % Math.max(1, video.comments.length)]),
  );
  const noteWords = words.slice(0, Math.max(2, 6 - points.length));
  const wordPoints = distinct(noteWordPoints, noteWords.length, seed >>> 2);
  for (const [index, word] of noteWords.entries()) points.push(wordPoints[index]!(word));
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
/** What a segment says about a video's comment and a related word: each pattern once in a script. */
const scriptComments: Array<(comment: string) => string> = [
  (comment) => `评论区有人问「${comment}」，这正是大家最关心的，直接在视频里回答它。`,
  (comment) => `高赞评论「${comment}」，说明很多人卡在这里，讲透它。`,
  (comment) => `不少人留言「${comment}」，用一句话给出答案就能留住人。`,
  (comment) => `「${comment}」是被反复问到的问题，可以放进字幕强调。`,
  (comment) => `有观众问「${comment}」，顺手回答，评论区会更热闹。`,
];
const scriptWords: Array<(word: string) => string> = [
  (word) => `顺带讲到「${word}」，搜这个词的人也会刷到你。`,
  (word) => `提一句「${word}」，它的搜索量不小。`,
  (word) => `把「${word}」写进字幕，能多接住一批搜索。`,
  (word) => `口播里带上「${word}」，相关搜索也能推荐到你。`,
  (word) => `结合「${word}」说一句，内容更贴近大家的搜索。`,
];

/**
 * A short-video script (AI 文案): a hook after the keyword's top video, one spoken segment per video
 * citing it as 【参考视频N】 with what its commenters asked, the related words woven in, a closing call
 * and topic tags. Videos are numbered as the prompt numbers them, so the page's source list matches.
 */
function scriptText(context: LlmContext, variant: number): string {
  const seed = fnv1aOfCodePoints(`${context.topic}|${context.keywords.join(',')}`) + variant;
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
    if (comment) parts.push(scriptComments[(seed + index) % scriptComments.length]!(comment));
    if (word) parts.push(scriptWords[((seed >>> 2) + index) % scriptWords.length]!(word));
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

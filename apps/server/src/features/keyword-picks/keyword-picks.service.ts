import { Code, type KeywordPickBody, type KeywordRow, keywordPickLimits, keywordPickMessages } from '@dso/contract';
import { abbreviateNumber, describeSignedRate } from '@dso/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { aiCharge, type LlmRun, startLlmRun } from '../../lib/llm-stream';
import type { LlmCandidate, LlmMessage, LlmProvider } from '../../providers/llm/index';
import { blueOceanCandidates, resolveViewer } from '../keywords';
import { assertQuotaLeft, holdPermission } from '../permissions';

/** A figure as the library table shows it: a band as written, an exact count in w / 亿. */
const shown = (figure: number | string) =>
  typeof figure === 'string' ? figure : abbreviateNumber(figure, 1, { zero: true });

/**
 * The figures of a candidate as the user sees them beside it, in one line: the only form the model is
 * given, so its text can quote no more than the library shows this user.
 */
export function figuresLine(row: KeywordRow): string {
  return [
    `搜索指数 ${shown(row.search_index)}`,
    `竞争度 ${row.competition}星`,
    `相关作品 ${shown(row.related_work_count)}`,
    `7日增长 ${describeSignedRate(row.growth_rate).text}`,
  ].join('，');
}

function messagesFor(keyword: string, candidates: LlmCandidate[]): LlmMessage[] {
  const list = candidates.map((candidate, index) => `${index + 1}. ${candidate.word}（${candidate.figures}）`);
  return [
    {
      role: 'system',
      content:
        '你是抖音 SEO 选词顾问。只能从给定的候选词中挑选，不要编造新词，引用数据时只能照抄候选词后面括号里的数据。',
    },
    {
      role: 'user',
      content: `核心词「${keyword}」的蓝海候选词如下（搜索需求高、作品少、竞争小）：\n${list.join('\n')}\n请挑出最值得做的${keywordPickLimits.picks}个词，每个词单独一行，格式为「词」：理由（一句话）。最后用一句话给出发布建议。`,
    },
  ];
}

/**
 * Starts AI 选词 from the user's core word (none is a 400: library-wide picks would be unrelated to
 * what they typed): refuses (810) before any model call when the daily count is used up, reads the
 * library's blue-ocean candidates for the core word (none is a 300 with a message), hands them to the
 * model with the figures as this user sees them (holding a unit first), and waits for the first
 * piece. The unit is given back unless the model answers.
 */
export async function startKeywordPicks(
  db: Database,
  llm: LlmProvider,
  userId: number,
  body: KeywordPickBody,
  signal: AbortSignal,
): Promise<{ run: LlmRun; candidates: KeywordRow[] }> {
  if (!body.keyword) throw AppError.badRequest(keywordPickMessages.keywordRequired);
  const charge = aiCharge(userId, body.attempt, `AI 选词 · ${body.keyword}`);
  await assertQuotaLeft(db, charge);
  const viewer = await resolveViewer(db, userId);
  const found = await blueOceanCandidates(db, viewer, body.keyword, keywordPickLimits.candidates);
  if (found.length === 0) throw new AppError(Code.TOAST, keywordPickMessages.noCandidates(body.keyword));
  const candidates: LlmCandidate[] = found.map(({ record, row }) => ({
    word: record.keyword,
    searchIndex: record.search_index,
    competition: record.competition,
    relatedWorkCount: record.related_work_count,
    growthRate: record.growth_rate,
    figures: figuresLine(row),
  }));
  const run = await startLlmRun(
    llm,
    {
      messages: messagesFor(body.keyword, candidates),
      context: {
        kind: 'picks',
        topic: `为「${body.keyword}」挑选的高价值蓝海词`,
        keywords: [body.keyword],
        relatedWords: [],
        candidates,
      },
      signal,
      variant: body.attempt,
    },
    () => holdPermission(db, charge),
  );
  return { run, candidates: found.map((item) => item.row) };
}

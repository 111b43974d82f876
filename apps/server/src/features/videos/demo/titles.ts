import { type HeadPhrase, headPhrases, headTermGroups, industries } from '../../keywords';
import type { DemoVideo } from './generator';
import { fill, pick } from './random';
import {
  defaultAudiences,
  generalTitleForms,
  goodsTitleForms,
  industryTitleForms,
  titleAudiences,
  titlePrices,
  titleSeasons,
} from './title-forms';

/*
 * A demo work's title, hashtags and the library phrases its text holds: a title in one of
 * the industry's forms (title-forms.ts), led by one of the subject's most searched long tails for half
 * the head-term works; hashtags as creators add them (the subject, a few of its searched relatives, the
 * industry), each once; and the keyword-library phrases found in the title and hashtags, which the
 * ingest links the work to (the related-keyword tab). Every head phrase is in every library size the
 * keyword demo makes, so each link finds its row.
 */

/** Library phrases a work's text should hold (the related-keyword tab's rows of a detailed work). */
export const MIN_TEXT_KEYWORDS = 10;
/** At most this many hashtags: a real description carries a handful. */
export const MAX_TAGS = 8;

const commerceOf = new Map(industries.map((industry) => [industry.name, industry.commerce]));
const formsByIndustry = new Map<string, readonly string[]>();
/** The title forms of an industry: every industry's, goods forms where people shop, and its own. */
export function titleFormsOf(industry: string): readonly string[] {
  let forms = formsByIndustry.get(industry);
  if (!forms) {
    forms = [
      ...generalTitleForms,
      ...(commerceOf.get(industry) ? goodsTitleForms : []),
      ...(industryTitleForms[industry] ?? []),
    ];
    formsByIndustry.set(industry, forms);
  }
  return forms;
}

/** Clauses of a title: what sits between its separators. */
export const titleClauses = (title: string) =>
  title
    .split(/[｜，！？。：✨🔥\s]+/u)
    .map((clause) => clause.trim())
    .filter(Boolean);

export interface DemoTitle {
  title: string;
  /** The form the title was made from (a template of title-forms.ts). */
  form: string;
}

/**
 * A title about `subject` in `industry`, `lead` before it when the work leads with a long tail
 * (露营装备推荐｜…), unless the lead would repeat a clause of the body.
 */
export function demoTitle(
  random: () => number,
  subject: string,
  lead: string,
  industry: string,
  year: string,
): DemoTitle {
  const form = pick(titleFormsOf(industry), random);
  const body = fill(form, {
    t: subject,
    n: String(2 + Math.floor(random() * 9)),
    a: pick(titleAudiences[industry] ?? defaultAudiences, random),
    s: pick(titleSeasons, random),
    p: pick(titlePrices, random),
    y: year,
  });
  if (lead === subject) return { title: body, form };
  const clauses = titleClauses(body);
  return { title: clauses.includes(lead) ? body : `${lead}｜${body}`, form };
}

// ---- the library phrases a text holds

let phraseSet: Set<string> | null = null;
let longestPhrase = 0;
/** The characters phrases begin with: a text's other places start none. */
const firstChars = new Set<string>();
let relatives: Map<string, HeadPhrase[]> | null = null;

function phrases() {
  if (!phraseSet) {
    phraseSet = new Set();
    relatives = new Map();
    for (const phrase of headPhrases()) {
      phraseSet.add(phrase.keyword);
      longestPhrase = Math.max(longestPhrase, phrase.keyword.length);
      firstChars.add(phrase.keyword[0]!);
    }
  }
  return phraseSet;
}

/** Head phrases that contain `subject` (its long tails and broader phrases), most searched first. */
export function relativesOf(subject: string): HeadPhrase[] {
  phrases();
  let list = relatives!.get(subject);
  if (!list) {
    list = headPhrases().filter((phrase) => phrase.keyword !== subject && phrase.keyword.includes(subject));
    relatives!.set(subject, list);
  }
  return list;
}

/** The distinct keyword-library phrases `text` holds (two characters or more), in order of first place. */
export function libraryPhrasesIn(text: string): string[] {
  const set = phrases();
  const found = new Set<string>();
  for (let start = 0; start < text.length; start++) {
    if (!firstChars.has(text[start]!)) continue;
    for (let end = start + 2; end <= Math.min(text.length, start + longestPhrase); end++) {
      const slice = text.slice(start, end);
      if (set.has(slice)) found.add(slice);
    }
  }
  return [...found];
}

/**
 * The head term nearest an industry topic that has few searched phrases of its own (寿司 → 日料), whose
 * phrases its works name instead.
 */
const nearestTerm: Record<string, string> = {
  高光: '化妆',
  寿司: '日料',
  背包: '双肩包',
  宝宝湿疹: '新生儿护理',
  SUV: '越野车',
  车险: '家用轿车',
  保养: '轮胎',
  背单词: '英语',
  牙齿矫正: '口腔溃疡',
  体检: '养生',
  中药: '养生',
  祛痘: '痘痘',
  宠物医院: '驱虫药',
  仓鼠: '宠物零食',
  猫抓板: '猫爬架',
  游戏攻略: '手游',
  电竞: '英雄联盟',
  明星: '演唱会',
  喜剧: '电影',
  追剧: '电视剧',
  存款: '存钱',
  记账: '存钱',
  副业赚钱: '副业',
  PPT: '职场',
  Excel: '职场',
  创业项目: '创业',
  首付: '买房',
  装修贷: '房贷',
  物业: '新房',
  养鸡: '种菜',
  农村生活: '种菜',
  土特产: '蜂蜜',
  沟通技巧: '沟通',
  签证: '自由行',
  机票: '自由行',
};

const termsOf = new Map<string, string[]>();
for (const group of headTermGroups)
  termsOf.set(group.industry, [...(termsOf.get(group.industry) ?? []), ...group.terms]);

/** Frames of the description's second sentence, which names a few searched relatives (`{x}`). */
const summaryFrames = [
  '这期把{x}一次讲清楚',
  '整理了{x}，收藏慢慢看',
  '{x}，看完心里就有数了',
  '评论区问得多的{x}，这里统一回答',
  '关于{x}，都在视频里了',
  '顺便聊聊{x}',
] as const;

/** Phrases of a hashtag (the same few hundred tags recur, so they are looked up once). */
const tagPhrases = new Map<string, string[]>();
function phrasesOfTag(tag: string): string[] {
  let list = tagPhrases.get(tag);
  if (!list) {
    list = libraryPhrasesIn(tag);
    tagPhrases.set(tag, list);
  }
  return list;
}

/** A work's text beyond its title, and the library phrases the whole text holds. */
export interface DemoText {
  /** A sentence after the title naming a few of the subject's searched relatives (这期把…一次讲清楚). */
  summary: string;
  tags: string[];
  /** The distinct library phrases of the title, the summary and the tags. */
  phrases: string[];
}

/**
 * A work's description beyond its title: a sentence naming 3–4 searched relatives of the subject (of one
 * of its industry's head terms when the subject has none: 寿司 with 日料's), then hashtags: the subject,
 * the industry's short name and further relatives, each once, until the text holds
 * {@link MIN_TEXT_KEYWORDS} library phrases or the tags reach {@link MAX_TAGS}.
 */
export function demoText(random: () => number, subject: string, industry: string, title: string): DemoText {
  const tags = [subject];
  const short = industry.slice(0, 2);
  if (short !== subject) tags.push(short);
  let pool = relativesOf(subject).slice(0, 24);
  if (pool.length < MIN_TEXT_KEYWORDS) {
    const terms = termsOf.get(industry) ?? [];
    const term = nearestTerm[subject] ?? (terms.length ? pick(terms, random) : subject);
    pool = [...pool, ...(term === subject ? [] : [{ keyword: term } as HeadPhrase]), ...relativesOf(term).slice(0, 24)];
  }
  const candidates = pool.map((phrase) => phrase.keyword).filter((keyword) => !title.includes(keyword));
  const draw = () => candidates.splice(Math.floor(random() * Math.min(candidates.length, 8)), 1)[0];
  const named: string[] = [];
  for (let k = 3 + (random() < 0.3 ? 1 : 0); k > 0 && candidates.length > 0; k--) named.push(draw()!);
  const list = named.length > 1 ? `${named.slice(0, -1).join('、')}和${named.at(-1)}` : (named[0] ?? subject);
  const summary = fill(pick(summaryFrames, random), { x: list });
  // Phrases never span a sentence's or hashtag's edges, so the text's phrases are its parts'.
  const found = new Set([...libraryPhrasesIn(title), ...libraryPhrasesIn(summary), ...tags.flatMap(phrasesOfTag)]);
  // One tag past the usual handful when the subject or industry tag names no library phrase (SUV, 体检).
  const cap = MAX_TAGS + (phrasesOfTag(subject).length === 0 ? 1 : 0);
  while ((found.size < MIN_TEXT_KEYWORDS || tags.length < 4) && tags.length < cap && candidates.length > 0) {
    const next = draw()!;
    if (tags.includes(next)) continue;
    tags.push(next);
    for (const phrase of phrasesOfTag(next)) found.add(phrase);
  }
  return { summary, tags, phrases: [...found] };
}

/**
 * The phrase a work leads with, as comments and scripts name it: the first of its keywords about its
 * subject (the title's long tail, or the subject), else the subject itself (电竞, which no phrase holds).
 */
export const leadPhrase = (video: Pick<DemoVideo, 'keywords' | 'subject'>) =>
  video.keywords.find((keyword) => keyword.includes(video.subject)) ?? video.subject;

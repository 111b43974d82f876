import type { LlmWritingForm } from '../../providers/llm/index';
import { defaultWritingTemplates } from './default-templates';

/**
 * How a real model is asked for each output form: the same form the sandbox writes (sandbox-writing.ts),
 * in plain text, since what it writes is copied, saved and published as it is.
 */
export const formInstructions: Record<LlmWritingForm, string> = {
  article: '先写一行标题，再分段写正文，要点用“1. ”“2. ”编号。',
  titles: '只输出10个标题，每行一个，以“1. ”到“10. ”编号，不要写其他内容。',
  openings: '只输出5个开头，每行一个，以“1. ”到“5. ”编号，写成“提问式：……”这样先写方式再写开头。',
  'video-script':
    '按“【开头钩子】”“【分镜脚本】”“【结尾引导】”三段输出；分镜每行一个镜头，写成“镜头1｜画面：……｜台词：……”；最后一行写话题标签，如 #关键词。',
  note: '第一行写笔记标题，空一行后写正文（分段，可用表情符号），最后一行写5个话题标签，如 #关键词。',
  tutorial: '第一行写标题，然后写一句适用人群，再按“第1步：……”逐行写步骤，以“总结：……”结尾，最后一行写话题标签。',
  'live-script': '按“【开场留人】”“【讲品】”“【促单】”“【逼单】”四段输出，每段是主播口播的话。',
  'live-preview': '只输出一段预告，不超过150字。',
  posts: '只输出3条，写成“第1条：……”“第2条：……”“第3条：……”，每条不超过80字，条与条之间空一行。',
  promotion: '第一行写活动标题，然后逐行写优惠内容、截止时间和行动号召。',
  'selling-points': '只输出5个卖点，每行一个，以“1. ”到“5. ”编号，写成“卖点标题：一句解释”。',
};

/** What every answer must be: text the user pastes as it is. */
export const PLAIN_TEXT_RULE = '只输出纯文本，不要使用 Markdown 符号（如 #、*、**、-），不要输出任何说明。';

/**
 * A template's output form: the one its default declares (by seed key); a template staff added
 * themselves has none and gets an article.
 */
export function formOf(template: { seedKey: string | null }): LlmWritingForm {
  return defaultWritingTemplates.find((entry) => entry.seedKey === template.seedKey)?.form ?? 'article';
}

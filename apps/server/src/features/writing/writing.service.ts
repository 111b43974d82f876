import {
  type WritingGenerateBody,
  type WritingTemplate,
  type WritingTemplateGroups,
  type WritingWork,
  type WritingWorkList,
  type WritingWorkListQuery,
  type WritingWorkSaveBody,
  writingLimits,
  writingMessages,
} from '@dso/contract';
import { excerptOf } from '@dso/domain';
import type { Database } from '../../db/client';
import { AppError, orNotFound } from '../../lib/app-error';
import { aiCharge, type LlmRun, startLlmRun } from '../../lib/llm-stream';
import { pageWindow } from '../../lib/page-window';
import type { LlmContext, LlmMessage, LlmProvider } from '../../providers/llm/index';
import { relatedWordsOf } from '../keywords';
import { assertQuotaLeft, holdPermission } from '../permissions';
import { defaultWritingTemplates } from './default-templates';
import * as repository from './writing.repository';
import { formInstructions, formOf, PLAIN_TEXT_RULE } from './writing-forms';

/** Related words from the keyword library handed to the model (and written from by the sandbox). */
const RELATED_WORDS = 8;
/** Characters of a work's text shown in the history list. */
const EXCERPT_LENGTH = 80;

/** Seeds the default templates (default-templates.ts) that are not there yet; runs at every start. */
export async function ensureDefaultWritingTemplates(db: Database) {
  await repository.insertMissingTemplates(db, defaultWritingTemplates);
}

function presentTemplate(row: repository.WritingTemplateRow): WritingTemplate {
  return {
    id: row.id,
    category_id: row.categoryId,
    category_title: row.categoryTitle,
    title: row.title,
    description: row.description,
    tone: row.tone,
    audience: row.audience,
    variables: row.variables.map((variable) => ({
      key: variable.key,
      label: variable.label,
      placeholder: variable.placeholder,
      kind: variable.kind,
      required: variable.required,
      max_length: Math.min(variable.maxLength, writingLimits.fieldMax),
    })),
  };
}

/** Load writing templates (000 §7): keyed by group title, groups and templates in display order. */
export async function listTemplateGroups(db: Database): Promise<WritingTemplateGroups> {
  const groups: WritingTemplateGroups = {};
  for (const row of await repository.selectEnabledTemplates(db)) {
    const list = groups[row.categoryTitle] ?? [];
    list.push(presentTemplate(row));
    groups[row.categoryTitle] = list;
  }
  return groups;
}

/** The form's values checked against the template: required ones filled, each within its limit. */
function checkedFields(template: repository.WritingTemplateRow, fields: Record<string, string>) {
  const values: Record<string, string> = {};
  for (const variable of template.variables) {
    const value = (fields[variable.key] ?? '').trim();
    if (variable.required && !value) throw AppError.badRequest(writingMessages.fieldRequired(variable.label));
    const max = Math.min(variable.maxLength, writingLimits.fieldMax);
    if (Array.from(value).length > max) throw AppError.badRequest(writingMessages.fieldOverLimit(variable.label, max));
    values[variable.key] = value;
  }
  return values;
}

/** What a request is built from: a stored template, or a default one in tests. */
type TemplateSource = Pick<
  repository.WritingTemplateRow,
  'title' | 'prompt' | 'tone' | 'audience' | 'variables' | 'seedKey'
>;

/**
 * The model request for a template and its checked values: the chat messages (the prompt, the form the
 * answer must take, the library's related words as material) and the context the sandbox writes from.
 */
export function writingRequest(
  template: TemplateSource,
  values: Record<string, string>,
  related: string[],
): { messages: LlmMessage[]; context: LlmContext } {
  const form = formOf(template);
  const instruction = template.prompt.replace(/\{(\w+)\}/g, (_, key: string) => values[key] || '未提供');
  const material = related.length ? `\n可自然融入的相关搜索词（来自关键词库）：${related.join('、')}` : '';
  const messages: LlmMessage[] = [
    {
      role: 'system',
      content: `你是一名资深的中文新媒体文案策划，熟悉抖音和小红书的内容规律。直接输出成稿，不要解释写作思路。${PLAIN_TEXT_RULE}语气：${template.tone}。受众：${template.audience}。`,
    },
    { role: 'user', content: `${instruction}\n输出格式：${formInstructions[form]}${material}` },
  ];
  const keywords = keywordsOf(template, values).filter(Boolean);
  return {
    messages,
    context: {
      form,
      topic: keywords[0] ? `${template.title}：${keywords[0]}` : template.title,
      keywords,
      relatedWords: related,
      tone: template.tone,
      audience: template.audience,
      fields: template.variables
        .filter((variable) => !variable.keyword)
        .map((variable) => ({ label: variable.label, value: values[variable.key] ?? '' })),
    },
  };
}

/** The values of the template's keyword variables, in order ('' for an empty one). */
const keywordsOf = (template: TemplateSource, values: Record<string, string>) =>
  template.variables.filter((variable) => variable.keyword).map((variable) => values[variable.key] ?? '');

/**
 * Starts a generation: checks the template and the form, holds a unit of the daily count (810 before
 * any model call when none is left), asks the model and waits for its first piece. A model that
 * cannot answer is a 300 with the reason in Chinese, and the unit is given back.
 */
export async function startWriting(
  db: Database,
  llm: LlmProvider,
  userId: number,
  body: WritingGenerateBody,
  signal: AbortSignal,
): Promise<LlmRun> {
  const template = orNotFound(
    await repository.findEnabledTemplate(db, body.template_id),
    writingMessages.templateMissing,
  );
  const values = checkedFields(template, body.fields);
  const keywords = keywordsOf(template, values);
  const charge = aiCharge(userId, body.attempt, [template.title, ...keywords.filter(Boolean)].join(' · '));
  await assertQuotaLeft(db, charge);

  const related = await relatedWordsOf(db, keywords, RELATED_WORDS);
  return startLlmRun(llm, { ...writingRequest(template, values, related), signal, variant: body.attempt }, () =>
    holdPermission(db, charge),
  );
}

function presentWork(row: repository.WritingWorkRow): WritingWork {
  return {
    id: row.id,
    template_id: row.templateId,
    template_title: row.templateTitle,
    title: row.title,
    inputs: row.inputs,
    content: row.content,
    sandbox: row.sandbox,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Saves a text: a new work, or (with `id`) the user's own work updated. */
export async function saveWork(db: Database, userId: number, body: WritingWorkSaveBody): Promise<WritingWork> {
  const values = { title: body.title, inputs: body.inputs, content: body.content, sandbox: body.sandbox };
  if (body.id !== undefined) {
    return presentWork(
      orNotFound(await repository.works.update(db, userId, body.id, values), writingMessages.workMissing),
    );
  }
  const template = orNotFound(
    await repository.findEnabledTemplate(db, body.template_id),
    writingMessages.templateMissing,
  );
  return presentWork(
    await repository.insertWork(db, { ...values, userId, templateId: template.id, templateTitle: template.title }),
  );
}

export async function listWorks(db: Database, userId: number, query: WritingWorkListQuery): Promise<WritingWorkList> {
  const { rows, total } = await repository.works.page(db, userId, pageWindow(query));
  return {
    total,
    list: rows.map((row) => {
      const { inputs: _inputs, content, ...summary } = presentWork(row);
      return { ...summary, excerpt: excerptOf(content, EXCERPT_LENGTH) };
    }),
  };
}

export async function getWork(db: Database, userId: number, id: number): Promise<WritingWork> {
  return presentWork(orNotFound(await repository.works.find(db, userId, id), writingMessages.workMissing));
}

export async function deleteWork(db: Database, userId: number, id: number): Promise<void> {
  orNotFound(await repository.works.remove(db, userId, id), writingMessages.workMissing);
}

import { z } from 'zod';
import { AI_ATTEMPT_MAX, AiStreamEvent, aiModelMessages } from './ai-stream';
import { int32Schema } from './input';
import {
  recordIdParamsSchema,
  savedWorkContentSchema,
  savedWorkFields,
  savedWorkLimits,
  savedWorkListQuerySchema,
  savedWorkMessages,
  savedWorkSummarySchema,
  savedWorkTitleSchema,
  totalListSchema,
} from './shapes';

/**
 * AI 创作 (000 §3, §7): writing templates grouped by category title, a streamed generation
 * from a template's variables, and the user's saved works (创作历史). docs/writing.md.
 */

export const writingLimits = {
  /** Characters of one variable's value (a template may set less). */
  fieldMax: 500,
  ...savedWorkLimits,
  /** Regenerations of one text (the sandbox's phrasing variant). */
  attemptMax: AI_ATTEMPT_MAX,
} as const;

export const writingMessages = {
  templateMissing: '写作模板不存在或已下线',
  workMissing: '作品不存在或已删除',
  ...savedWorkMessages,
  fieldTooLong: `每项内容不能超过${writingLimits.fieldMax}个字`,
  /** A required variable left empty: 请填写{label}. */
  fieldRequired: (label: string) => `请填写${label}`,
  /** A value over the template's own limit. */
  fieldOverLimit: (label: string, max: number) => `${label}不能超过${max}个字`,
  ...aiModelMessages,
} as const;

export const writingVariableSchema = z.object({
  key: z.string(),
  label: z.string(),
  placeholder: z.string(),
  /** `text`: one line; `textarea`: several. */
  kind: z.enum(['text', 'textarea']),
  required: z.boolean(),
  max_length: z.number().int(),
});
export type WritingVariable = z.infer<typeof writingVariableSchema>;

export const writingTemplateSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  /** The group title the list is keyed by. */
  category_title: z.string(),
  title: z.string(),
  description: z.string(),
  tone: z.string(),
  audience: z.string(),
  variables: z.array(writingVariableSchema),
});
export type WritingTemplate = z.infer<typeof writingTemplateSchema>;

/** Load writing templates (000 §7): an object keyed by group title, in display order. */
export const writingTemplateGroupsSchema = z.record(z.string(), z.array(writingTemplateSchema));
export type WritingTemplateGroups = z.infer<typeof writingTemplateGroupsSchema>;

const fieldsSchema = z.record(z.string().max(64), z.string().max(writingLimits.fieldMax, writingMessages.fieldTooLong));

export const writingGenerateBodySchema = z.object({
  template_id: int32Schema().min(1, writingMessages.templateMissing),
  /** Variable key → value. */
  fields: fieldsSchema.default({}),
  /**
   * 0 for a first generation (AI_WRITING_COUNT_DAY); 1 and up for regenerations of the same text
   * (AI_REWRITING_COUNT_DAY).
   */
  attempt: z.number().int().min(0).max(writingLimits.attemptMax).default(0),
});
export type WritingGenerateBody = z.infer<typeof writingGenerateBodySchema>;

/** The generation's events: those of every streamed AI call (ai-stream.ts). */
export const WritingStreamEvent = AiStreamEvent;
export const writingDeltaSchema = z.object({ text: z.string() });
export const writingDoneSchema = z.object({ sandbox: z.boolean() });

export const writingWorkSaveBodySchema = z.object({
  /** Present when updating a saved work; absent to save a new one. */
  id: int32Schema().min(1).optional(),
  template_id: int32Schema().min(1, writingMessages.templateMissing),
  title: savedWorkTitleSchema,
  inputs: fieldsSchema.default({}),
  content: savedWorkContentSchema,
  sandbox: z.boolean().default(false),
});
export type WritingWorkSaveBody = z.infer<typeof writingWorkSaveBodySchema>;

export const writingWorkSchema = z.object({
  id: z.number().int(),
  template_id: z.number().int().nullable(),
  template_title: z.string(),
  title: z.string(),
  inputs: z.record(z.string(), z.string()),
  content: z.string(),
  ...savedWorkFields,
});
export type WritingWork = z.infer<typeof writingWorkSchema>;

export const writingWorkListQuerySchema = savedWorkListQuerySchema;
export type WritingWorkListQuery = z.infer<typeof writingWorkListQuerySchema>;

export const writingWorkSummarySchema = savedWorkSummarySchema(writingWorkSchema, { inputs: true, content: true });
export type WritingWorkSummary = z.infer<typeof writingWorkSummarySchema>;

export const writingWorkListSchema = totalListSchema(writingWorkSummarySchema);
export type WritingWorkList = z.infer<typeof writingWorkListSchema>;

export const writingWorkIdParamsSchema = recordIdParamsSchema(writingMessages.workMissing);

export const WritingPath = {
  templates: '/api/ai/writing/templates',
  generate: '/api/ai/writing/generate',
  works: '/api/ai/writing/works',
  work: '/api/ai/writing/works/:id',
  /** The path of one saved work. */
  workOf: (id: number) => `/api/ai/writing/works/${id}`,
} as const;

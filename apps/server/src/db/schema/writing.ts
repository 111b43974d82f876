import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts';
import { createdAt, enabled, rowId, sortOrder, updatedAt } from './columns';

/** A variable of a writing template: one field of the /writing form (docs/writing.md). */
export interface WritingVariableRow {
  key: string;
  label: string;
  placeholder: string;
  /** `text`: one line; `textarea`: several lines. */
  kind: 'text' | 'textarea';
  required: boolean;
  /** A keyword-like field: its words are looked up in the keyword library for related words. */
  keyword: boolean;
  maxLength: number;
}

/** AI 创作 templates, grouped by category title (000 §3); seeded with a default set at start. */
export const writingTemplates = pgTable(
  'writing_templates',
  {
    id: serial('id').primaryKey(),
    /** The group title the template list is keyed by (000 §7). */
    categoryTitle: text('category_title').notNull(),
    categoryId: integer('category_id').notNull(),
    /** Stable key of a seeded template, so the seed is idempotent; null for templates added by staff. */
    seedKey: text('seed_key').unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** The instruction to the model; `{key}` is replaced by the variable's value. */
    prompt: text('prompt').notNull(),
    variables: jsonb('variables').$type<WritingVariableRow[]>().notNull(),
    tone: text('tone').notNull(),
    audience: text('audience').notNull(),
    sort: sortOrder(),
    enabled: enabled(),
  },
  (table) => [index('writing_templates_category_idx').on(table.categoryId, table.sort)],
);

/** A user's saved writing (创作历史). */
export const writingWorks = pgTable(
  'writing_works',
  {
    id: rowId(),
    userId: ownerId(),
    /** Null once the template is removed; the work keeps its title and fields. */
    templateId: integer('template_id').references(() => writingTemplates.id, { onDelete: 'set null' }),
    templateTitle: text('template_title').notNull(),
    title: text('title').notNull(),
    /** The form's values, key → value. */
    inputs: jsonb('inputs').$type<Record<string, string>>().notNull(),
    content: text('content').notNull(),
    /** Written by the sandbox, not a model. */
    sandbox: boolean('sandbox').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('writing_works_user_idx').on(table.userId, table.updatedAt.desc(), table.id.desc())],
);

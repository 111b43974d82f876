import type { CopywriterSources } from '@dso/contract';
import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts';
import { createdAt, rowId, updatedAt } from './columns';

/** A user's saved AI 文案 script (历史文案), with the videos and words it drew on (docs/copywriters.md). */
export const copywriterWorks = pgTable(
  'copywriter_works',
  {
    id: rowId(),
    userId: ownerId(),
    keyword: text('keyword').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** The material cited: the keyword's top videos and related words as they were when written. */
    sources: jsonb('sources').$type<CopywriterSources>().notNull(),
    /** Written by the sandbox, not a model. */
    sandbox: boolean('sandbox').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('copywriter_works_user_idx').on(table.userId, table.updatedAt.desc(), table.id.desc())],
);

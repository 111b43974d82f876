import { bigint, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ownerId, users } from './accounts';
import { createdAt, extensionOf, rowId, updatedAt } from './columns';

/*
 * AI 图文 (002 §5, §7): image-text works generated from a keyword or unpacked from an
 * uploaded archive, the staged uploads awaiting their template step, and each user's card settings.
 * docs/image-text.md describes the flow.
 */

/** One stored picture of a work: its file name in the work's folder under DATA_DIR, and its type. */
export interface ImageTextImage {
  name: string;
  mime: string;
}

/**
 * A work: title, body, points and pictures. `source` is 'single', 'batch' or 'upload' (the history's
 * tabs). `status` is 'writing' (a batch item waiting for its text), 'drawing' (pictures being made;
 * `images` grows towards `images_total`), 'done' or 'failed' (`error` holds the Chinese reason).
 * `charged` is true while the work holds its AI_PUB_BATCH_COUNT unit: reserved when the work is asked
 * for (`reservation_id`, the usage ledger's row), settled when it is done, given back when it fails;
 * deleting a charged work gives the unit back.
 */
export const imageTextWorks = pgTable(
  'image_text_works',
  {
    id: rowId(),
    userId: ownerId(),
    source: text('source').$type<'single' | 'batch' | 'upload'>().notNull(),
    batchId: text('batch_id'),
    uploadId: text('upload_id'),
    keyword: text('keyword').notNull().default(''),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    points: jsonb('points').$type<string[]>().notNull().default([]),
    images: jsonb('images').$type<ImageTextImage[]>().notNull().default([]),
    imagesTotal: integer('images_total').notNull().default(0),
    status: text('status').$type<'writing' | 'drawing' | 'done' | 'failed'>().notNull(),
    error: text('error'),
    sandbox: boolean('sandbox').notNull().default(false),
    charged: boolean('charged').notNull().default(false),
    reservationId: bigint('reservation_id', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('image_text_works_user_idx').on(table.userId, table.source, table.id.desc()),
    index('image_text_works_batch_idx').on(table.batchId, table.id),
  ],
);

/** A work read from an uploaded archive, waiting for the template step; its pictures are staged files. */
export interface StagedWork {
  title: string;
  body: string;
  images: ImageTextImage[];
}

/**
 * An uploaded works archive (002 §5): parsed into `works` (pictures staged under DATA_DIR), `status`
 * 'parsed' until the template step (idFlag = `id`) turns the first `applied_count` of them into works,
 * then 'applied'. The id is what the client's status_id carries before `_N`.
 */
export const imageTextUploads = pgTable('image_text_uploads', {
  id: text('id').primaryKey(),
  userId: ownerId(),
  fileName: text('file_name').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  works: jsonb('works').$type<StagedWork[]>().notNull(),
  workCount: integer('work_count').notNull(),
  status: text('status').$type<'parsed' | 'applied'>().notNull(),
  appliedCount: integer('applied_count').notNull().default(0),
  createdAt: createdAt(),
});

/** A user's card settings (/setImg): what the sandbox draws with and the models are asked for. */
export const imageTextSettings = pgTable('image_text_settings', {
  userId: extensionOf('user_id', () => users.id),
  template: text('template').$type<'gradient' | 'solid' | 'note'>().notNull(),
  primaryColor: text('primary_color').notNull(),
  backgroundColor: text('background_color').notNull(),
  textColor: text('text_color').notNull(),
  fontSize: integer('font_size').notNull(),
  cardCount: integer('card_count').notNull(),
  updatedAt: updatedAt(),
});

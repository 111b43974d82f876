import { z } from 'zod';
import { INT32_MAX, int32Schema, pageNoSchema } from './input';

/*
 * Schema builders the areas share: the paging query fields and the list answers of 002 §3, written
 * once so every area's list keeps the same wire shape. Each builder returns exactly the fields the
 * areas wrote by hand before (names, types, optionality, order), so answers and their types are
 * unchanged. Internal to the contract: the index does not re-export this module.
 */

/** A count shown as a whole number (likes, followers, rows): an integer, never negative. */
export const countSchema = z.number().int().min(0);

/** An instant in Unix seconds. */
export const unixSecondsSchema = z.number().int();

/**
 * A required text field: trimmed, and `missing` whether it is absent, not a string or blank, since the
 * user made one mistake. Areas chain their own cap, pattern or refinement after it.
 */
export function requiredTextSchema(missing: string) {
  return z.string({ error: missing }).trim().min(1, missing);
}

/** The fields a detail page (a video's, a creator's) ends with: what this caller sees of it. */
export const detailPageFlagsFields = {
  /** True when the caller collected it (false for visitors). */
  collected: z.boolean(),
  /** It comes from the demo generator. */
  is_demo: z.boolean(),
  /**
   * Demo data shown to a caller whose grade lacks part of the page (a visitor, or a tier without every
   * tab's flag: the creator's audience tab, the video panel's tabs): the UI shows the demo banner
   * (当前为示例数据…) inviting an upgrade. False for real data and for a caller who already sees all of it.
   */
  is_example: z.boolean(),
};

/** A page size that must be one of `sizes` (a list's size picker); 每页条数不正确 otherwise. */
export function pageSizeOneOf(sizes: readonly number[], fallback: number) {
  return z.coerce
    .number()
    .int()
    .refine((size) => sizes.includes(size), '每页条数不正确')
    .default(fallback);
}

/** The page sizes the library lists (keywords, boards, videos, creators, topics) accept. */
export const LIST_PAGE_SIZES = [10, 20, 30, 50] as const;

/** A library list's page size: one of LIST_PAGE_SIZES, 20 by default. */
export const listPageSizeSchema = pageSizeOneOf(LIST_PAGE_SIZES, 20);

/** A page size from 1 to `max`, `fallback` when absent; `message` (if any) refuses a larger one. */
export function pageSizeUpTo(max: number, fallback: number, message?: string) {
  return z.coerce.number().int().min(1).max(max, message).default(fallback);
}

/** The paging fields of a list query: `page_no` (1 by default) and the given `page_size`. */
export function pageFields<PageSize extends z.ZodType>(pageSize: PageSize) {
  return { page_no: pageNoSchema, page_size: pageSize };
}

/** The plain list answer's fields: the total, then the rows. */
export function pagedListFields<Row extends z.ZodType>(row: Row) {
  return { total_record: z.number().int(), result: z.array(row) };
}

/**
 * A saved, editable AI work (AI 文案, AI 写作): both save their works by the same rules, so the lengths,
 * messages and list paging are written once here.
 */
export const savedWorkLimits = { titleMax: 100, contentMax: 20_000, pageSizeMax: 50 } as const;

export const savedWorkMessages = {
  titleEmpty: '标题不能为空',
  titleTooLong: `标题不能超过${savedWorkLimits.titleMax}个字`,
  contentEmpty: '内容不能为空',
  contentTooLong: `内容不能超过${savedWorkLimits.contentMax}个字`,
  pageSizeTooLarge: `每页最多${savedWorkLimits.pageSizeMax}条`,
} as const;

/** A saved work's title in a save body: trimmed, not empty, at most savedWorkLimits.titleMax. */
export const savedWorkTitleSchema = z
  .string()
  .trim()
  .min(1, savedWorkMessages.titleEmpty)
  .max(savedWorkLimits.titleMax, savedWorkMessages.titleTooLong);

/** A saved work's text in a save body: trimmed, not empty, at most savedWorkLimits.contentMax. */
export const savedWorkContentSchema = z
  .string()
  .trim()
  .min(1, savedWorkMessages.contentEmpty)
  .max(savedWorkLimits.contentMax, savedWorkMessages.contentTooLong);

/** The fields a saved work ends with: whether the sandbox wrote it, when it was saved and last edited. */
export const savedWorkFields = { sandbox: z.boolean(), created_at: z.string(), updated_at: z.string() };

/**
 * A saved work as its list shows it: the work without its bulky fields (the text, and what it was written
 * from), and `excerpt`, the first characters of its text.
 */
export function savedWorkSummarySchema<Shape extends z.ZodRawShape, Bulky extends { [Key in keyof Shape]?: true }>(
  work: z.ZodObject<Shape>,
  bulky: Bulky & Record<Exclude<keyof Bulky, keyof Shape>, never>,
) {
  return work.omit(bulky).extend({ excerpt: z.string() });
}

/** The saved-works list query: pages of up to savedWorkLimits.pageSizeMax, 10 by default. */
export const savedWorkListQuerySchema = z.object(
  pageFields(pageSizeUpTo(savedWorkLimits.pageSizeMax, 10, savedWorkMessages.pageSizeTooLarge)),
);

/** The saved-works list answer (AI 文案, AI 写作): `{ total, list }`, the total first. */
export function totalListSchema<Row extends z.ZodType>(row: Row) {
  return z.object({ total: z.number().int(), list: z.array(row) });
}

/** A saved record's id in the path: an int32 (a query-string text, coerced) from 1, `missing` below 1. */
export function recordIdParamsSchema(missing: string) {
  return z.object({ id: int32Schema({ coerce: true }).min(1, missing) });
}

/**
 * The `id` (query or body) of one of the caller's records, where any wrong value (not a number, not
 * whole, out of range) reads as the record missing: `missing` (提取记录不存在或已删除, 复盘记录不存在或已删除…).
 */
export function missingRecordIdSchema(missing: string) {
  return z.object({ id: z.coerce.number({ message: missing }).int(missing).min(1, missing).max(INT32_MAX, missing) });
}

/** The plain list answer: `{ total_record, result }`. */
export function pagedListSchema<Row extends z.ZodType>(row: Row) {
  return z.object(pagedListFields(row));
}

/**
 * The capped list answer of 002 §3: the total, the caller's row cap (`data_max`: rows this caller may
 * see; rows beyond it are not returned) and grade, then the rows.
 */
export function cappedListFields<Row extends z.ZodType>(row: Row) {
  return {
    total_record: z.number().int(),
    data_max: z.number().int(),
    user_grade: z.string(),
    result: z.array(row),
  };
}

/**
 * The capped list answer with `total_estimated` after the total: true when the total is an estimate or
 * a cap rather than an exact count.
 */
export function estimatedListSchema<Row extends z.ZodType>(row: Row) {
  const { total_record, ...rest } = cappedListFields(row);
  return z.object({ total_record, total_estimated: z.boolean(), ...rest });
}

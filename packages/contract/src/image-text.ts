import { z } from 'zod';
import { int32Schema } from './input';
import { requiredKeywordSchema } from './keywords';
import { pagedListSchema, pageFields, pageSizeUpTo, requiredTextSchema } from './shapes';
import { uploadRules, uploadTexts } from './uploads';

/**
 * AI 图文 (002 §5, §7): image-text works — a title, a body and a set of pictures — written from a
 * keyword (grounded in the keyword library and the keyword's top videos) one at a time or in a batch,
 * or unpacked from an uploaded works archive; the user's card settings (/setImg). Every work held takes
 * one unit of AI_PUB_BATCH_COUNT once it is complete; deleting it gives the unit back. docs/image-text.md.
 */

export const ImageTextPath = {
  /** POST { keyword }. Login. An event stream (AiStreamEvent): start { sandbox, work_id, sources }, delta, done. */
  generate: '/api/image_text/generate',
  /** POST { keywords }. Login. Queues one work per keyword. */
  batch: '/api/image_text/batch',
  /** GET ?source&batch_id&page_no&page_size. Login. The user's works, newest first. */
  works: '/api/image_text/works',
  /** GET ?id. Login. One work. */
  work: '/api/image_text/work',
  /** POST { id, title, body, images }. Login. Edits a done work: text, and its pictures' order and set. */
  update: '/api/image_text/work/update',
  /** POST { id }. Login. Deletes a work (its unit is given back). */
  remove: '/api/image_text/work/delete',
  /** GET ?id&name. Login. One picture of the user's work. */
  image: '/api/image_text/image',
  /** GET ?id. Login. A done work as a zip: its pictures in order and 正文.txt. */
  download: '/api/image_text/work/download',
  /** GET / POST. Login. The card settings (/setImg). */
  settings: '/api/image_text/settings',
  /** POST multipart { file } (.zip or .tar). Login. Parses a works archive; data is the status_id `<id>_<N>`. */
  upload: '/api/image_text/upload',
  /** POST { idFlag } (002 §7 template step-up). Login. Turns a parsed archive's works into works, within the quota. */
  templateStep: '/api/image_text/template_step',
} as const;

/** The permission every held work takes one unit of (000 §6, 001 §6). */
export const IMAGE_TEXT_ALIAS = 'AI_PUB_BATCH_COUNT';

export const imageTextLimits = {
  /** Keywords of one batch. */
  batchMax: 10,
  titleMax: 60,
  bodyMax: 5_000,
  /** Pictures a work may hold (an uploaded one is cut to this). */
  imagesMax: 18,
  /** Cards drawn for a generated work, cover included (the settings choose within). */
  cardCountMin: 2,
  cardCountMax: 9,
  fontSizeMin: 32,
  fontSizeMax: 64,
  pageSizeMax: 50,
  /** Archives per upload dialog, and the size each must stay under (002 §5, §9). */
  uploadFilesMax: uploadRules.filesAtOnce,
  uploadBytesMax: 1024 * 1024 * 1024,
  /** Extensions the upload takes (002 §5). */
  uploadExtensions: ['.zip', '.tar'] as const,
  /** Top videos of the keyword handed to the model. */
  sourceVideos: 3,
  /** How often a page asks again while pictures are being made. */
  pollMs: 1_500,
} as const;

export const imageTextMessages = {
  keywordsEmpty: '请至少输入一个关键词',
  batchTooMany: `一次最多批量生成${imageTextLimits.batchMax}个关键词`,
  titleEmpty: '请输入标题',
  titleTooLong: `标题不能超过${imageTextLimits.titleMax}个字`,
  bodyTooLong: `正文不能超过${imageTextLimits.bodyMax}个字`,
  imagesEmpty: '至少保留一张图片',
  imageUnknown: '图片不存在或已删除',
  workMissing: '图文作品不存在或已删除',
  /** Editing a work whose pictures are still being made. */
  workBusy: '图文作品正在生成中，请稍后再编辑',
  removed: '删除成功',
  saved: '保存成功',
  settingsSaved: '设置已保存',
  colorInvalid: '颜色格式不正确',
  batchSubmitted: '图文作品正在生成中，请稍后到历史记录中查看',
  /** The pictures could not be made (nothing was charged). */
  imagesUnavailable: '图片生成服务暂时不可用，请稍后重试',
  imagesBusy: '图片生成服务繁忙，请稍后重试',
  imagesRefused: '图片内容未通过审核，请更换关键词重试',
  /** The text model stopped or could not answer (nothing was charged). */
  textUnavailable: '文案生成失败，请稍后重试',
  stopped: '已停止生成',
  /** The quota ran out before the work was complete (nothing was charged). */
  quotaSpent: '图文作品额度不足，未能保存',
  // The works upload (002 §5, §8), to the character.
  uploadOnlyArchives: '只能上传 .zip 或 .tar 格式的文件',
  uploadTooLarge: '上传文件大小不能超过 1G!',
  uploadTwoListed: uploadTexts.listFull,
  uploadTooManyPicked: uploadTexts.tooManyAtOnce,
  quotaNone: '当前剩余额度不足',
  quotaFirstN: (n: number) => `当前剩余额度不足，是否上传前${n}个作品？`,
  parsed: (n: number) => `解析成功！共${n}个图文作品`,
  parseFailed: '解析失败！',
  uploadFailed: '上传失败！',
  /** An archive that holds no picture. */
  uploadNoWorks: '压缩包中没有找到图文作品（每个作品一个文件夹，内含图片）',
  uploadUnknown: '上传记录不存在或已过期，请重新上传',
  templateApplied: (n: number) => `已添加${n}个图文作品`,
} as const;

/** A status_id (002 §3): the upload's id, an underscore, the number of works it holds. */
export function statusIdOf(uploadId: string, works: number): string {
  return `${uploadId}_${works}`;
}

/** The work count of a status_id, its part after the last underscore; 0 when it has none. */
export function worksOfStatusId(statusId: string): number {
  const count = Number(statusId.slice(statusId.lastIndexOf('_') + 1));
  return Number.isInteger(count) && count > 0 ? count : 0;
}

/** The upload id of a status_id: the part before the last underscore (the template step's idFlag). */
export function uploadIdOfStatusId(statusId: string): string {
  const at = statusId.lastIndexOf('_');
  return at > 0 ? statusId.slice(0, at) : statusId;
}

export const imageTextSourceSchema = z.enum(['single', 'batch', 'upload']);
export type ImageTextSource = z.infer<typeof imageTextSourceSchema>;
export const imageTextStatusSchema = z.enum(['writing', 'drawing', 'done', 'failed']);
export type ImageTextStatus = z.infer<typeof imageTextStatusSchema>;

const idSchema = int32Schema({ coerce: true }).min(1, imageTextMessages.workMissing);
export const imageTextIdSchema = z.object({ id: idSchema });
export type ImageTextId = z.infer<typeof imageTextIdSchema>;

export const imageTextGenerateBodySchema = z.object({ keyword: requiredKeywordSchema });
export type ImageTextGenerateBody = z.infer<typeof imageTextGenerateBodySchema>;

export const imageTextBatchBodySchema = z.object({
  keywords: z
    .array(requiredKeywordSchema, { message: imageTextMessages.keywordsEmpty })
    .min(1, imageTextMessages.keywordsEmpty)
    .max(imageTextLimits.batchMax, imageTextMessages.batchTooMany)
    .transform((keywords) => [...new Set(keywords)]),
});
export type ImageTextBatchBody = z.infer<typeof imageTextBatchBodySchema>;

export const imageTextBatchResultSchema = z.object({ batch_id: z.string(), count: z.number().int() });
export type ImageTextBatchResult = z.infer<typeof imageTextBatchResultSchema>;

/** A picture name as stored: `<n>.<png|jpg|webp>`. */
const imageNameSchema = z
  .string({ message: imageTextMessages.imageUnknown })
  .regex(/^[0-9]{1,3}\.(png|jpg|webp)$/, imageTextMessages.imageUnknown);

export const imageTextImageQuerySchema = z.object({ id: idSchema, name: imageNameSchema });
export type ImageTextImageQuery = z.infer<typeof imageTextImageQuerySchema>;

/** A top video of the keyword the text was written from (cited on the page). */
export const imageTextSourceVideoSchema = z.object({ aweme_id: z.string(), title: z.string() });
export type ImageTextSourceVideo = z.infer<typeof imageTextSourceVideoSchema>;

export const imageTextSummarySchema = z.object({
  id: z.number().int(),
  source: imageTextSourceSchema,
  batch_id: z.string().nullable(),
  keyword: z.string(),
  title: z.string(),
  /** The first picture (the cover), when there is one. */
  cover: z.string().nullable(),
  image_count: z.number().int(),
  images_total: z.number().int(),
  status: imageTextStatusSchema,
  error: z.string().nullable(),
  sandbox: z.boolean(),
  created_at: z.string(),
});
export type ImageTextSummary = z.infer<typeof imageTextSummarySchema>;

export const imageTextWorkSchema = imageTextSummarySchema.extend({
  body: z.string(),
  points: z.array(z.string()),
  /** Picture names in display order (fetch each through {@link ImageTextPath.image}). */
  images: z.array(z.string()),
  updated_at: z.string(),
});
export type ImageTextWork = z.infer<typeof imageTextWorkSchema>;

export const imageTextListQuerySchema = z.object({
  source: imageTextSourceSchema.optional(),
  batch_id: z.string().max(64).optional(),
  ...pageFields(pageSizeUpTo(imageTextLimits.pageSizeMax, 12)),
});
export type ImageTextListQuery = z.infer<typeof imageTextListQuerySchema>;

export const imageTextListSchema = pagedListSchema(imageTextSummarySchema);
export type ImageTextList = z.infer<typeof imageTextListSchema>;

export const imageTextUpdateBodySchema = z.object({
  id: idSchema,
  title: requiredTextSchema(imageTextMessages.titleEmpty).refine(
    (title) => Array.from(title).length <= imageTextLimits.titleMax,
    imageTextMessages.titleTooLong,
  ),
  body: z
    .string()
    .max(imageTextLimits.bodyMax * 2, imageTextMessages.bodyTooLong)
    .refine((body) => Array.from(body).length <= imageTextLimits.bodyMax, imageTextMessages.bodyTooLong),
  /** The pictures to keep, in their new order: names of the work's own pictures. */
  images: z
    .array(imageNameSchema, { message: imageTextMessages.imagesEmpty })
    .min(1, imageTextMessages.imagesEmpty)
    .max(imageTextLimits.imagesMax),
});
export type ImageTextUpdateBody = z.infer<typeof imageTextUpdateBodySchema>;

const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, imageTextMessages.colorInvalid);

/** The card settings (/setImg): template, colours, body font size and cards per work. */
export const imageTextSettingsSchema = z.object({
  template: z.enum(['gradient', 'solid', 'note']),
  primary_color: colorSchema,
  background_color: colorSchema,
  text_color: colorSchema,
  font_size: z.number().int().min(imageTextLimits.fontSizeMin).max(imageTextLimits.fontSizeMax),
  card_count: z.number().int().min(imageTextLimits.cardCountMin).max(imageTextLimits.cardCountMax),
});
export type ImageTextSettings = z.infer<typeof imageTextSettingsSchema>;

/** What a user draws with until they save their own. */
export const defaultImageTextSettings: ImageTextSettings = {
  template: 'gradient',
  primary_color: '#ff6a3d',
  background_color: '#1e2a4a',
  text_color: '#ffffff',
  font_size: 44,
  card_count: 4,
};

/** The template step-up (002 §7): the status_id's id part. */
export const imageTextTemplateStepBodySchema = z.object({
  idFlag: requiredTextSchema(imageTextMessages.uploadUnknown).max(64),
});
export type ImageTextTemplateStepBody = z.infer<typeof imageTextTemplateStepBodySchema>;

export const imageTextTemplateStepResultSchema = z.object({
  /** Works added now (0 when the step already ran for this upload). */
  added: z.number().int(),
  /** Works of the archive left out for want of quota. */
  skipped: z.number().int(),
});
export type ImageTextTemplateStepResult = z.infer<typeof imageTextTemplateStepResultSchema>;

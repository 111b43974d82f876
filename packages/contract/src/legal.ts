import { z } from 'zod';

/*
 * The legal documents linked from the login forms and the footer (001 §2: the dialog states agreement
 * to the user terms and the privacy policy). Their text is Markdown the operator can replace
 * (docs/legal.md); the product ships a default of each.
 */

/** Each document: its key (the file name without `.md`), its title and the page that shows it. */
export const legalDocs = {
  'user-agreement': { title: '用户协议', page: '/legal/user-agreement' },
  'privacy-policy': { title: '隐私政策', page: '/legal/privacy-policy' },
} as const;

export const legalDocKeySchema = z.enum(['user-agreement', 'privacy-policy'], { error: '文档不存在' });
export type LegalDocKey = z.infer<typeof legalDocKeySchema>;

export const LegalPath = {
  /** GET (open) `/api/legal/:doc` → {@link LegalDoc}. */
  doc: '/api/legal/:doc',
} as const;

export const legalDocParamsSchema = z.object({ doc: legalDocKeySchema });

export const legalDocSchema = z.object({
  title: z.string(),
  /** The document as Markdown (the subset `parseMarkdown` of @dso/domain reads). */
  markdown: z.string(),
});
export type LegalDoc = z.infer<typeof legalDocSchema>;

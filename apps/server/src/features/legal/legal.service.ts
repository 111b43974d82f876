import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type LegalDoc, type LegalDocKey, legalDocs, type SiteInfo } from '@dso/contract';
import { serverFile } from '../../lib/server-files';

/** The documents the product ships (docs/legal.md); an operator's LEGAL_DIR overrides them file by file. */
export const SHIPPED_LEGAL_DIR = serverFile('legal');

/** How to reach the operator, from whichever SITE_ details are set; the contact dialog always works. */
function contactOf(site: SiteInfo): string {
  const ways = [
    site.phone && `电话 ${site.phone}`,
    site.email && `邮箱 ${site.email}`,
    site.company_address && `地址 ${site.company_address}`,
  ].filter(Boolean);
  return [...ways, '页面上的“联系客服”'].join('；');
}

/** Fills the placeholders an operator may use in a document from the SITE_ settings. */
export function fillPlaceholders(markdown: string, site: SiteInfo): string {
  const values: Record<string, string> = {
    company_name: site.company_name || '本网站运营者',
    company_address: site.company_address,
    phone: site.phone,
    email: site.email,
    contact: contactOf(site),
  };
  return markdown.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

async function readIfPresent(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * A legal document as the page shows it: the operator's file when LEGAL_DIR has one, else the shipped
 * default; read at each call, so an edit shows without a restart.
 */
export async function readLegalDoc(options: {
  doc: LegalDocKey;
  legalDir: string | undefined;
  site: SiteInfo;
}): Promise<LegalDoc> {
  const name = `${options.doc}.md`;
  const own = options.legalDir ? await readIfPresent(path.join(options.legalDir, name)) : null;
  const markdown = own ?? (await readFile(path.join(SHIPPED_LEGAL_DIR, name), 'utf8'));
  return { title: legalDocs[options.doc].title, markdown: fillPlaceholders(markdown, options.site) };
}

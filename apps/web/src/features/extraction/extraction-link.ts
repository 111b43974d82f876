import { useSession } from '../../stores/session';

/** The session key the extraction page reads a share link from (002 §4: copy_keyword). */
export const COPY_KEYWORD_KEY = 'copy_keyword';
export const EXTRACTION_PATH = '/DouyinVideoOcr';

/**
 * Where the spec's "external AI site" lives: this product by default; `VITE_AI_SITE_URL` points the
 * copy-extraction button at another deployment (an AI site on its own domain).
 */
export function aiSiteBase(): string {
  return import.meta.env.VITE_AI_SITE_URL ?? '';
}

/**
 * The address the copy-extraction button opens (002 §4): keyword (the share link) and type=Extract;
 * token and uid only for an AI site on another origin, which has no session of its own. Our own page
 * reads the session, so the token never lands in this product's addresses and history.
 */
export function extractionUrl(shareUrl: string, siteBase = aiSiteBase()): string {
  const base = siteBase.replace(/\/+$/, '');
  const query = new URLSearchParams({ keyword: shareUrl, type: 'Extract' });
  if (base && new URL(base, window.location.href).origin !== window.location.origin) {
    const { token, uid } = useSession.getState();
    if (token) query.set('token', token);
    if (uid) query.set('uid', uid);
  }
  return `${base}${EXTRACTION_PATH}?${query.toString()}`;
}

/** Opens copy extraction for a video in a new tab, keeping its share link as the session's copy_keyword. */
export function openCopyExtraction(shareUrl: string): void {
  sessionStorage.setItem(COPY_KEYWORD_KEY, shareUrl);
  window.open(extractionUrl(shareUrl), '_blank');
}

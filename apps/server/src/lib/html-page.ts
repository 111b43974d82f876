/**
 * Small server-rendered pages (the sandboxes' stand-ins for a vendor's phone pages): escaping and the
 * one document shell. The server's CSP forbids inline scripts, so such pages are HTML and forms only.
 */

export function escapeHtml(text: string): string {
  const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  return text.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

/** A phone-sized page: `title` escaped, `body` already HTML, `styles` the page's own CSS. */
export function htmlPage(title: string, body: string, styles: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

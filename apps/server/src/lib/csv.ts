/** CSV files people open in a spreadsheet program (Excel on a Chinese Windows included). */

/** A CSV field: quoted when it holds a comma, a quote or a line break; a leading =+-@ is defused. */
export function csvField(value: unknown): string {
  let text = String(value ?? '');
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV with a byte-order mark, so spreadsheet programs read the Chinese text as UTF-8. */
export function csvOf(rows: unknown[][]): Buffer {
  return Buffer.from(`\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`, 'utf8');
}

/** The content-disposition of a download named `fileName` (RFC 6266: an ASCII fallback and the UTF-8 name). */
export function attachmentOf(fileName: string, fallback: string): string {
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

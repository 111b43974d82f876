/**
 * A multipart/form-data body as a browser's upload sends it: the text fields first, then the file as
 * form field `file`. Spread into `t.request({ method: 'POST', url, ...multipartForm(...) })`.
 */
export function multipartForm(file: { name: string; content: Buffer }, fields: Record<string, string> = {}) {
  return multipartFiles([file], fields);
}

/** The same with several files, each in the field `file` (what a client sending files at once would send). */
export function multipartFiles(files: Array<{ name: string; content: Buffer }>, fields: Record<string, string> = {}) {
  const boundary = `----dso-test-${Date.now()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

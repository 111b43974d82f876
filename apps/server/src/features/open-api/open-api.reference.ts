import { escapeHtml } from '../../lib/html-page';
import type { OpenApiDocument } from './open-api.document';

/**
 * The open API's reference page in Chinese (`/open/v1/docs`), rendered by the server from the OpenAPI
 * document itself, so it cannot list an endpoint, a parameter or a price the document does not: each
 * endpoint with its units, parameters and a curl call. Plain HTML (the CSP forbids inline scripts).
 */

interface SchemaLike {
  type?: string | string[];
  enum?: unknown[];
  items?: SchemaLike;
  anyOf?: SchemaLike[];
  properties?: Record<string, SchemaLike>;
  required?: string[];
  default?: unknown;
  maximum?: number;
  minimum?: number;
  maxLength?: number;
}

interface Operation {
  summary?: string;
  description?: string;
  parameters?: Array<{ name: string; required?: boolean; schema?: SchemaLike }>;
  requestBody?: { content?: Record<string, { schema?: SchemaLike }> };
  'x-units'?: number;
  'x-codeSamples'?: Array<{ source: string }>;
}

interface Parameter {
  name: string;
  required: boolean;
  schema: SchemaLike;
}

function typeText(schema: SchemaLike | undefined): string {
  if (!schema) return '';
  if (schema.enum) return schema.enum.map((value) => String(value)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeText).join(' | ');
  const type = [schema.type ?? ''].flat().join(' | ');
  return schema.items ? `${type}<${typeText(schema.items)}>` : type;
}

function noteText(schema: SchemaLike): string {
  const notes: string[] = [];
  if (schema.default !== undefined) notes.push(`默认 ${JSON.stringify(schema.default)}`);
  if (schema.minimum !== undefined) notes.push(`最小 ${schema.minimum}`);
  if (schema.maximum !== undefined) notes.push(`最大 ${schema.maximum}`);
  if (schema.maxLength !== undefined) notes.push(`最长 ${schema.maxLength} 字`);
  return notes.join('，');
}

function parametersOf(operation: Operation): Parameter[] {
  if (operation.parameters) {
    return operation.parameters.map((parameter) => ({
      name: parameter.name,
      required: Boolean(parameter.required),
      schema: parameter.schema ?? {},
    }));
  }
  const body = operation.requestBody?.content?.['application/json']?.schema;
  return Object.entries(body?.properties ?? {}).map(([name, schema]) => ({
    name,
    required: body?.required?.includes(name) ?? false,
    schema,
  }));
}

function parameterTable(parameters: Parameter[], where: string): string {
  if (!parameters.length) return '<p>无参数。</p>';
  const rows = parameters
    .map(
      (parameter) =>
        `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${escapeHtml(typeText(parameter.schema))}</td>` +
        `<td>${parameter.required ? '是' : '否'}</td><td>${escapeHtml(noteText(parameter.schema))}</td></tr>`,
    )
    .join('');
  return `<p>参数位置：${where}</p><table><thead><tr><th>参数</th><th>类型</th><th>必填</th><th>说明</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function endpointSection(path: string, method: string, operation: Operation): string {
  const parameters = parametersOf(operation);
  const where = method === 'get' ? '查询字符串（query）' : 'JSON 请求体（body）';
  const curl = operation['x-codeSamples']?.[0]?.source ?? '';
  const description = (operation.description ?? '').split('\n\n')[0] ?? '';
  return `<section id="${escapeHtml(path)}">
<h2>${escapeHtml(operation.summary ?? path)}</h2>
<p><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> · 每次 <strong>${operation['x-units'] ?? 1}</strong> 个单位</p>
<p>${escapeHtml(description)}</p>
${parameterTable(parameters, where)}
<pre><code>${escapeHtml(curl)}</code></pre>
</section>`;
}

const styles = `
body{font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#f6f7f9;color:#1f2329}
main{max-width:960px;margin:0 auto;padding:24px}
section{background:#fff;border-radius:8px;padding:16px 20px;margin:16px 0}
table{border-collapse:collapse;width:100%;font-size:14px}
th,td{border-bottom:1px solid #eee;padding:6px 8px;text-align:left;vertical-align:top}
pre{background:#1f2329;color:#e8e8e8;padding:12px;border-radius:6px;overflow:auto;font-size:13px}
.method{display:inline-block;background:#1677ff;color:#fff;border-radius:4px;padding:0 6px;font-size:12px}
nav a{margin-right:12px}
`;

/** The whole page for `document`. */
export function openReferencePage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    (['get', 'post'] as const)
      .filter((method) => item?.[method])
      .map((method) => ({ path, method, operation: item?.[method] as Operation })),
  );
  const nav = operations
    .map(({ path, operation }) => `<a href="#${escapeHtml(path)}">${escapeHtml(operation.summary ?? path)}</a>`)
    .join('');
  // The description is a little Markdown: paragraphs, `code`, and "- " lists (the code table).
  const inline = (line: string) => line.replace(/`([^`]+)`/g, '<code>$1</code>');
  const intro = escapeHtml(document.info.description ?? '')
    .split('\n')
    .filter(Boolean)
    .map((line) => (line.startsWith('- ') ? `<li>${inline(line.slice(2))}</li>` : `<p>${inline(line)}</p>`))
    .join('')
    .replace(/(<li>.*?<\/li>)+/g, (items) => `<ul>${items}</ul>`);
  const body = `<h1>${escapeHtml(document.info.title)}（v${escapeHtml(document.info.version)}）</h1>
${intro}
<p>机器可读的 OpenAPI 3.1 文档：<a href="openapi.json"><code>openapi.json</code></a></p>
<nav>${nav}</nav>
${operations.map(({ path, method, operation }) => endpointSection(path, method, operation)).join('\n')}`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} · 接口参考</title>
<style>${styles}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

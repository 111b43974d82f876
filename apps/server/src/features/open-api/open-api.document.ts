import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { Code, envelopeSchema, type OpenEndpoint, OpenPath, openEndpointList } from '@dso/contract';
import { z } from 'zod';

/**
 * The OpenAPI 3.1 document of the open API, generated from the contract's zod schemas by
 * @asteasolutions/zod-to-openapi (9.x, which takes zod 4): one source of truth with the routes, which
 * are registered from the same `openEndpoints` table (the agreement test holds them together).
 */

const SECURITY_SCHEME = 'apiKey';

/** The curl call of one endpoint with its example input (the document's `x-codeSamples` and the reference page). */
export function curlExample(endpoint: OpenEndpoint, baseUrl: string): string {
  const auth = `-H 'Authorization: Bearer <API 密钥>'`;
  if (endpoint.method === 'GET') {
    // --data-urlencode keeps the Chinese readable in the example and lets curl encode it.
    const fields = Object.entries(endpoint.example).map(
      ([name, value]) => ` \\\n  --data-urlencode '${name}=${String(value)}'`,
    );
    return `curl -G '${baseUrl}${endpoint.path}' \\\n  ${auth}${fields.join('')}`;
  }
  return `curl -X POST '${baseUrl}${endpoint.path}' \\\n  ${auth} \\\n  -H 'Content-Type: application/json' \\\n  -d '${JSON.stringify(endpoint.example)}'`;
}

/** The base URL examples name when the server has no PUBLIC_URL. */
export const EXAMPLE_BASE_URL = 'http://localhost:8080';

const failureEnvelope = z.object({
  code: z.number().int().meta({ description: '非 200 的业务码，见码表', example: Code.TOKEN_INVALID }),
  msg: z.string().meta({ description: '中文提示', example: 'API 密钥无效或已撤销' }),
  data: z.unknown(),
});

const codeTable = [
  '`200` 成功',
  '`400` 参数错误（msg 为中文说明，不扣单位）',
  '`404` 关键词、视频或达人不存在（不扣单位）',
  '`800` API 密钥缺失、无效或已撤销',
  '`609` 该密钥每分钟调用次数超限，稍后再试（HTTP 429）',
  '`810` 会员等级不含 API 单位，或今日 API 单位已用完（data 为权限不足详情）',
  '`500` 服务器错误（不扣单位）',
].join('\n- ');

/** Builds the document for `endpoints` (the app serves it for `openEndpointList`; the agreement test for the routes it saw). */
export function buildOpenApiDocument(endpoints: readonly OpenEndpoint[], baseUrl: string = EXAMPLE_BASE_URL) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', SECURITY_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description: '在「个人中心 › API 密钥」创建的密钥，放在请求头 `Authorization: Bearer <API 密钥>` 中。',
  });
  for (const endpoint of endpoints) {
    const request =
      endpoint.method === 'GET'
        ? { query: endpoint.input }
        : {
            body: {
              required: true,
              content: { 'application/json': { schema: endpoint.input, example: endpoint.example } },
            },
          };
    registry.registerPath({
      method: endpoint.method === 'GET' ? 'get' : 'post',
      path: endpoint.path,
      operationId: endpoint.name,
      summary: endpoint.summary,
      description: `${endpoint.description}\n\n每次成功调用消耗 **${endpoint.units}** 个 API 单位；失败的调用不消耗。`,
      tags: [endpoint.path.split('/')[3] ?? 'open'],
      security: [{ [SECURITY_SCHEME]: [] }],
      request,
      responses: {
        200: {
          description: '信封 `{ code, msg, data }`：code 为 200 时 data 为结果；其他 code 见接口说明的码表。',
          content: { 'application/json': { schema: envelopeSchema(endpoint.data) } },
        },
        429: {
          description: '该密钥每分钟调用次数超限（code 609）。',
          content: { 'application/json': { schema: failureEnvelope } },
        },
      },
      'x-units': endpoint.units,
      'x-codeSamples': [{ lang: 'Shell', label: 'curl', source: curlExample(endpoint, baseUrl) }],
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'DSO 开放接口',
      version: '1.0.0',
      description: [
        'DSO 关键词、视频、达人与排名监控数据的开放接口，与网页端调用同样的服务、看到同样的数据（按密钥所属账号的会员等级）。',
        '',
        `鉴权：请求头 \`Authorization: Bearer <API 密钥>\`。每个接口按次消耗 API 单位（见各接口），每日额度由会员等级决定，调用记入「用量明细」。`,
        '',
        `所有应答都是信封 \`{ code, msg, data }\`；常见 code：\n- ${codeTable}`,
        '',
        `本文档：\`${OpenPath.document}\`；中文参考页：\`${OpenPath.reference}\`。`,
      ].join('\n'),
    },
    servers: [{ url: baseUrl }],
  });
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/** The document the app serves, built once per base URL. */
export function servedOpenApiDocument(baseUrl: string | undefined): OpenApiDocument {
  return buildOpenApiDocument(openEndpointList, baseUrl ?? EXAMPLE_BASE_URL);
}

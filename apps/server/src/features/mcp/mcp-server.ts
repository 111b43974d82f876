import { Code, defaultMessages } from '@dso/contract';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { authenticateApiKey } from '../api-keys';
import type { PageLink } from './mcp-answers';
import { type McpTool, mcpTools } from './mcp-tools';

/*
 * One MCP server over the open calls (docs/api.md, "MCP"): the seven tools of `mcp-tools.ts`. Every call
 * authenticates the key anew (a revoked key stops working at once, over a long stdio session too) and spends the
 * open endpoint's units through the api-keys feature, given back when the call fails. Whatever goes wrong is the
 * tool's answer (`isError` with the Chinese reason), never a protocol error: a bad or revoked key, a spent
 * allowance, arguments that do not parse, a keyword the library lacks.
 */

export interface McpServerOptions {
  db: Database;
  /** The `Authorization` value the key comes in (`Bearer <key>`); undefined when none was given. */
  authorization: string | undefined;
  /** The site's address, which the answers' page links start with. */
  siteUrl: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}

const serverInfo = { name: 'dso', title: 'DSO 关键词数据', version: '1.0.0' };

const instructions =
  'DSO 的抖音、小红书等平台关键词、热词榜单、视频和达人数据。每次调用按所属账号会员等级的每日 API 额度计量（失败不计）；结果只列前几行，完整数据见每条结果附带的 DSO 页面链接。';

export function createMcpServer(options: McpServerOptions): McpServer {
  const server = new McpServer(serverInfo, { instructions });
  const site = options.siteUrl.replace(/\/+$/, '');
  const link: PageLink = (path) => `${site}${path}`;
  const byName = new Map(mcpTools.map((tool) => [tool.name, tool]));

  for (const tool of mcpTools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        annotations: { title: tool.title, readOnlyHint: true, openWorldHint: false },
      },
      async (input: unknown): Promise<CallToolResult> => {
        try {
          const caller = await authenticateApiKey(options.db, options.authorization);
          const answer = await tool.run({ db: options.db, caller, link }, input as z.output<McpTool['input']>);
          return { content: [{ type: 'text', text: answer.text }] };
        } catch (error) {
          return toolError(errorText(error, tool, options.log));
        }
      },
    );
  }
  answerBadArgumentsInChinese(server, byName);
  return server;
}

function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** A refusal's own Chinese message; anything unexpected is logged and answered with the catalogue's 500 text. */
function errorText(error: unknown, tool: McpTool, log: McpServerOptions['log']): string {
  if (error instanceof AppError) return error.message;
  log.error({ err: error, tool: tool.name }, 'MCP tool call failed');
  return defaultMessages[Code.SERVER_ERROR];
}

/**
 * The SDK checks a call's arguments against the tool's schema before the tool runs and answers a failure as a tool
 * error in English (`MCP error -32602: Input validation error: …`). The tools check them with the same schema here
 * instead, answering `参数不正确：` and the contract's Chinese messages; a test holds the SDK to calling this.
 */
function answerBadArgumentsInChinese(server: McpServer, tools: ReadonlyMap<string, McpTool>) {
  const validated = server as unknown as {
    validateToolInput(tool: unknown, args: unknown, toolName: string): Promise<unknown>;
  };
  validated.validateToolInput = async (_tool, args, toolName) => {
    const tool = tools.get(toolName);
    if (!tool) throw new Error(`未知的工具：${toolName}`);
    const parsed = await tool.input.safeParseAsync(args ?? {});
    if (parsed.success) return parsed.data;
    const problems = parsed.error.issues.map((issue) =>
      issue.path.length ? `${issue.path.join('.')}：${issue.message}` : issue.message,
    );
    throw new Error(`参数不正确：${problems.join('；')}`);
  };
}

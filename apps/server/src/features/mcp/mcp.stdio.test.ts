import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiKeyMessages } from '@dso/contract';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseTarget, openDatabase } from '../../db/client';
import { writeMigratedPgliteFolder } from '../../testing/database';
import { answerText, createKeyHolder, mcpAsOf, mcpToolTitles, seedMcpLibrary } from '../../testing/mcp';
import { createServerDatabase } from '../../testing/ports';
import { ensurePermissionConfig } from '../permissions';

/**
 * `npm run mcp`: the MCP server over stdio, spawned from source as a desktop assistant starts it, against the
 * configured database (a PGlite folder, or a database of its own on TEST_DATABASE_URL's server) with the key in
 * DSO_API_KEY, through the SDK's own stdio client.
 */
const repositoryRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL;
const siteUrl = 'https://dso.example.com';
const STARTS_WITHIN_MS = 150_000;

describe('the MCP server over stdio', () => {
  let dataDir = '';
  let databaseEnv: Record<string, string> = {};
  let dropDatabase = async () => {};
  let key = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'dso-mcp-'));
    let target: DatabaseTarget;
    if (serverUrl) {
      const database = await createServerDatabase(serverUrl, 'mcp');
      dropDatabase = database.drop;
      databaseEnv = { DATA_DIR: dataDir, DATABASE_URL: database.url };
      target = { url: database.url };
    } else {
      await writeMigratedPgliteFolder(dataDir);
      databaseEnv = { DATA_DIR: dataDir, DATABASE_URL: '' };
      target = { dataDir };
    }
    // The library and the key holder, written before the process opens the database (a PGlite folder has one user).
    const handle = await openDatabase(target);
    try {
      await handle.migrate();
      await ensurePermissionConfig(handle.db);
      await seedMcpLibrary(handle.db);
      key = (await createKeyHolder(handle.db)).key;
    } finally {
      await handle.close();
    }
  }, 120_000);

  afterAll(async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Starts `npm run mcp`'s entry with `DSO_API_KEY`, connects the SDK's stdio client to it and runs `use`; then closes
   * stdin and waits for the process to end (a PGlite folder is open in one process at a time).
   */
  async function withServer(apiKey: string, use: (client: Client) => Promise<void>) {
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'apps/server/src/cli/mcp.ts'],
      cwd: repositoryRoot,
      env: {
        ...inherited,
        NODE_ENV: 'development',
        DEMO: 'false',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: siteUrl,
        DSO_API_KEY: apiKey,
        ...databaseEnv,
      },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    const client = new Client({ name: 'dso-test', version: '1.0.0' });
    try {
      // Starting loads the server's modules through tsx: over a minute on a loaded machine.
      await client.connect(transport, { timeout: STARTS_WITHIN_MS });
    } catch (error) {
      throw new Error(`the stdio server did not start: ${String(error)}\n${stderr}`);
    }
    try {
      await use(client);
    } finally {
      await client.close();
    }
  }

  it('lists the seven tools and answers each from the database, linking to PUBLIC_URL', async () => {
    await withServer(key, async (client) => {
      const { tools } = await client.listTools();
      expect(Object.fromEntries(tools.map((tool) => [tool.name, tool.title]))).toEqual(mcpToolTitles);

      const answers = new Map<string, string>();
      const calls: Array<[string, Record<string, unknown>]> = [
        ['keyword_search', { keyword: '露营' }],
        ['keyword_detail', { keyword: '露营' }],
        ['related_keywords', { keyword: '露营' }],
        ['hot_board', { board: 'industryHot' }],
        ['video_search', { keyword: '露营' }],
        ['creator_search', { keyword: '露营' }],
        ['my_monitor_ranks', {}],
      ];
      for (const [name, args] of calls) {
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError, `${name}: ${answerText(result)}`).toBeFalsy();
        answers.set(name, answerText(result));
      }
      expect(answers.get('keyword_search')).toContain(`1. 露营｜搜索指数 12.0w`);
      expect(answers.get('keyword_search')).toContain(`数据日期：${mcpAsOf}`);
      expect(answers.get('keyword_detail')).toContain(`${siteUrl}/keyWordDetail?keyword=${encodeURIComponent('露营')}`);
      expect(answers.get('related_keywords')).toContain('露营装备｜搜索指数 4.8w');
      expect(answers.get('hot_board')).toContain('第 1 名（名次不变）｜露营｜');
      expect(answers.get('video_search')).toContain('1. 周末露营装备清单分享｜作者 露营达人阿山');
      expect(answers.get('creator_search')).toContain('1. 露营达人阿山');
      expect(answers.get('my_monitor_ranks')).toContain('关键词「露营装备」（DSO）');
    });
  }, 240_000);

  it('answers a bad key and bad arguments as tool errors and keeps serving', async () => {
    await withServer(`dso_${'x'.repeat(43)}`, async (client) => {
      const refused = await client.callTool({ name: 'keyword_search', arguments: { keyword: '露营' } });
      expect(refused.isError).toBe(true);
      expect(answerText(refused)).toBe(apiKeyMessages.invalid);
      const bad = await client.callTool({ name: 'video_search', arguments: { keyword: '' } });
      expect(bad.isError).toBe(true);
      expect(answerText(bad)).toBe('参数不正确：keyword：请输入关键词');
      expect((await client.listTools()).tools).toHaveLength(7);
    });
  }, 240_000);
});

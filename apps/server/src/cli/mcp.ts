import { installChineseValidationMessages } from '@dso/contract';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config';
import { databaseTarget, openDatabase } from '../db/client';
import { createMcpServer } from '../features/mcp';

/**
 * `npm run mcp` (built: `node apps/server/dist/mcp.js`): the MCP server over stdio for a desktop assistant, which
 * starts this process and talks to it on stdin and stdout. It reads the configured database (DATABASE_URL, else the
 * PGlite folder in DATA_DIR, which only one process may open: stop the server first, or use PostgreSQL) and acts with
 * the API key in DSO_API_KEY, checked at every tool call like the `Authorization` header at `/mcp`. Stdout carries
 * the protocol alone: the log goes to stderr.
 */
const log = pino({ name: 'mcp', level: process.env.LOG_LEVEL || 'warn' }, pino.destination(2));
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  log.error(error.message);
  process.exit(1);
}
if (!process.env.DSO_API_KEY) log.warn('DSO_API_KEY 未设置：每次工具调用都会因缺少 API 密钥而被拒绝');

installChineseValidationMessages();
const handle = await openDatabase(databaseTarget(config));
await handle.migrate();
const server = createMcpServer({
  db: handle.db,
  authorization: process.env.DSO_API_KEY ? `Bearer ${process.env.DSO_API_KEY}` : undefined,
  siteUrl: config.publicUrl ?? `http://localhost:${config.port}`,
  log,
});

let closing = false;
async function stop() {
  if (closing) return;
  closing = true;
  await server.close();
  await handle.close();
  process.exit(0);
}
// The assistant ends the session by closing stdin (or by a signal).
process.stdin.on('end', () => void stop());
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
await server.connect(new StdioServerTransport());

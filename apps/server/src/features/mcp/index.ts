/**
 * The MCP server (docs/api.md "MCP"): the open calls as tools for AI assistants, over Streamable HTTP at
 * `/mcp` (the app registers the routes) and over stdio (`npm run mcp`, which builds the server itself).
 */

export { MCP_PATH, mcpRoutes } from './mcp.routes';
export { createMcpServer, type McpServerOptions } from './mcp-server';
export { mcpTools } from './mcp-tools';

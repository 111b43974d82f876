import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createMcpServer } from './mcp-server';

/**
 * Where assistants reach the MCP server over Streamable HTTP: one of the key paths (plugins/key-paths.ts), which the
 * browser's signing, session and request limits leave alone.
 */
export const MCP_PATH = '/mcp';

/**
 * Streamable HTTP at `/mcp`, stateless: each POST gets a server and a transport of its own, which end with the
 * response, so any instance behind the load balancer answers any request and nothing is kept between them. The
 * transport answers JSON rather than an event stream (no tool sends progress). Without sessions there is no stream
 * to open with GET nor a session to end with DELETE: both answer 405, as the protocol asks of such a server. The
 * key comes with every request as `Authorization: Bearer <key>` and is checked at each tool call.
 */
export const mcpRoutes: FastifyPluginAsync = async (app) => {
  app.post(MCP_PATH, async (request, reply) => {
    const server = createMcpServer({
      db: app.db,
      authorization: request.headers.authorization,
      siteUrl: app.config.publicUrl ?? originOf(request),
      log: request.log,
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (error) {
      // The reply is hijacked: Fastify's error handler cannot answer it any more.
      request.log.error({ err: error }, 'MCP request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: '服务器内部错误' }, id: null }));
      }
    }
  });

  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(405)
      .header('allow', 'POST')
      .send({ jsonrpc: '2.0', error: { code: -32000, message: '仅支持 POST（无会话模式）' }, id: null });
  app.get(MCP_PATH, notAllowed);
  app.delete(MCP_PATH, notAllowed);
};

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

import { Code, containsIllegalText, defaultMessages, inputMessages } from '@dso/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { sendEnvelope } from './error-handler';

/**
 * Refuses, on every route, a request whose query, path parameters or body carry text the database
 * cannot store (U+0000, a lone surrogate), before any schema or handler sees it. One hook rather than a
 * rule on each string field: routes without a schema (vendor callbacks, uploads' form fields) are
 * covered too, and a field added tomorrow cannot forget it.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (
      containsIllegalText(request.query) ||
      containsIllegalText(request.params) ||
      containsIllegalText(request.body) ||
      containsIllegalText(formFields(request))
    ) {
      throw new AppError(Code.BAD_REQUEST, inputMessages.illegalText);
    }
  });
}

/**
 * The decoded fields of a form body that a route keeps as raw text to parse itself (the sandbox's scan
 * page): `%00` is harmless as text but a NUL once decoded.
 */
function formFields(request: FastifyRequest): string[] {
  const type = request.headers['content-type'] ?? '';
  if (typeof request.body !== 'string' || !type.startsWith('application/x-www-form-urlencoded')) return [];
  return [...new URLSearchParams(request.body)].flat();
}

/**
 * Fastify's `frameworkErrors`: failures before routing, chiefly a path whose percent-escapes do not
 * decode (`%ED%A0%80`, a lone surrogate). The error handler is not reached there, and Fastify's own
 * answer is not the envelope.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.statusCode !== undefined && error.statusCode < 500) {
    return sendEnvelope(reply, Code.BAD_REQUEST, defaultMessages[Code.BAD_REQUEST]);
  }
  request.log.error({ err: error }, 'framework error');
  return sendEnvelope(reply, Code.SERVER_ERROR, defaultMessages[Code.SERVER_ERROR]);
}

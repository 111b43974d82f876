import { Code, type CodeValue, defaultMessages, type Envelope } from '@dso/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { isBackendOutage } from '../lib/backend-faults';
import { UploadRefusal } from '../lib/uploads';
import { type ApiRouteIndex, requestPath } from './request-path';

/** HTTP statuses for the codes that have a natural one; business codes travel with 200. */
const httpStatusByCode: Partial<Record<CodeValue, number>> = {
  [Code.BAD_REQUEST]: 400,
  [Code.FORBIDDEN]: 403,
  [Code.NOT_FOUND]: 404,
  [Code.METHOD_NOT_ALLOWED]: 405,
  [Code.SERVER_ERROR]: 500,
  [Code.SERVER_BUSY]: 503,
  [Code.IP_BUSY]: 429,
};

/**
 * A handler's "not found" is an answer about the data asked for (a keyword not in the library, an
 * expired QR ticket), not a missing endpoint: it travels with HTTP 200 like the other business
 * codes, so the browser does not log it as a failed resource. Unmatched paths still answer 404.
 */
function answerStatus(error: AppError): number | undefined {
  return error.code === Code.NOT_FOUND ? 200 : undefined;
}

export function sendEnvelope(
  reply: FastifyReply,
  code: CodeValue,
  msg: string,
  data: unknown = null,
  httpStatus?: number,
) {
  const body: Envelope<unknown> = { code, msg, data };
  return reply.status(httpStatus ?? httpStatusByCode[code] ?? 200).send(body);
}

/** The one error handler: every failure leaves as the envelope, never as a stack trace. */
export function registerErrorHandling(app: FastifyInstance, apiRoutes: Pick<ApiRouteIndex, 'methodsOf'>) {
  app.setErrorHandler((thrown: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (thrown instanceof AppError) {
      return sendEnvelope(reply, thrown.code, thrown.message, thrown.data, thrown.httpStatus ?? answerStatus(thrown));
    }
    if (thrown instanceof UploadRefusal) {
      // A business refusal of what a file holds or how it arrived (docs/frame.md): a toast with HTTP 200. The
      // parser's own words, if any, are for the log only.
      if (thrown.detail) request.log.info({ detail: thrown.detail }, `upload refused: ${thrown.message}`);
      return sendEnvelope(reply, Code.TOAST, thrown.message);
    }
    const error = thrown as FastifyError;
    if (error.validation) {
      const first = error.validation[0];
      const msg =
        first?.message && /[\u4e00-\u9fa5]/.test(first.message) ? first.message : defaultMessages[Code.BAD_REQUEST];
      return sendEnvelope(reply, Code.BAD_REQUEST, msg);
    }
    if (error.statusCode === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendEnvelope(reply, Code.BAD_REQUEST, '请求格式不支持');
    }
    if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendEnvelope(reply, Code.BAD_REQUEST, '请求内容过大');
    }
    if (error.statusCode === 400) {
      // Malformed JSON and similar parser errors.
      return sendEnvelope(reply, Code.BAD_REQUEST, defaultMessages[Code.BAD_REQUEST]);
    }
    if (isBackendOutage(error)) {
      // Not a bug: the database or Redis is away or overloaded; the client is told to try again.
      request.log.warn({ err: error }, 'backend unavailable');
      return sendEnvelope(reply, Code.SERVER_BUSY, defaultMessages[Code.SERVER_BUSY]);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendEnvelope(reply, Code.SERVER_ERROR, defaultMessages[Code.SERVER_ERROR]);
  });

  app.setNotFoundHandler((request, reply) => {
    const methods = apiRoutes.methodsOf(requestPath(request));
    if (methods && !methods.has(request.method)) {
      return sendEnvelope(reply, Code.METHOD_NOT_ALLOWED, defaultMessages[Code.METHOD_NOT_ALLOWED]);
    }
    return sendEnvelope(reply, Code.NOT_FOUND, defaultMessages[Code.NOT_FOUND]);
  });
}

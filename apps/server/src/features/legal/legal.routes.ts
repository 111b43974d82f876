import { LegalPath, legalDocParamsSchema } from '@dso/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { readLegalDoc } from './legal.service';

/** 用户协议 and 隐私政策 (docs/legal.md): open to everyone, visitors included. */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(LegalPath.doc, { schema: { params: legalDocParamsSchema } }, async (request) =>
    ok(await readLegalDoc({ doc: request.params.doc, legalDir: app.config.legalDir, site: app.config.site })),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDemoImageRenderer,
  DEMO_IMAGE_ROUTE,
  defaultWidthOf,
  demoImageTextLimits,
  demoImageWidths,
} from './demo-images.service';
import { demoImageKinds } from './demo-images.svg';

const paramsSchema = z.object({
  kind: z.enum(demoImageKinds),
  file: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.png$/),
});

const querySchema = z.object({
  t: z.string().min(1).max(demoImageTextLimits.title),
  s: z.string().max(demoImageTextLimits.subject).optional(),
  c: z.string().max(demoImageTextLimits.category).default(''),
  w: z.coerce
    .number()
    .int()
    .refine((width) => (demoImageWidths as readonly number[]).includes(width))
    .optional(),
});

/**
 * The demo's pictures: covers, avatars, goods and live covers drawn by the server from the
 * texts in the URL. Open to everyone and unsigned like any image; a URL's bytes never change, so they
 * are cached for a year as immutable. Bad parameters are refused in the envelope (400).
 */
export const demoImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const renderer = createDemoImageRenderer({ log: app.log });
  app.addHook('onClose', async () => renderer.close());
  app.get(DEMO_IMAGE_ROUTE, { schema: { params: paramsSchema, querystring: querySchema } }, async (request, reply) => {
    const { kind, file } = request.params;
    const { t, s, c, w } = request.query;
    const png = await renderer.render({
      kind,
      key: file.slice(0, -'.png'.length),
      title: t,
      subject: s ?? '',
      category: c,
      width: w ?? defaultWidthOf[kind],
    });
    return reply.type('image/png').header('cache-control', 'public, max-age=31536000, immutable').send(png);
  });
};

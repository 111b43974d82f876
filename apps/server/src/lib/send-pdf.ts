import type { FastifyReply } from 'fastify';

/** Answers a PDF file (an invoice) as a download named `fileName`; refusals stay the usual envelope. */
export function sendPdf(reply: FastifyReply, file: { fileName: string; pdf: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.pdf);
}

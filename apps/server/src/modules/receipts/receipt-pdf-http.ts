import { isLocale, LOCALES, type Locale } from '@coparent/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pageLocale } from '../../http/locale.js';
import type { ReceiptPdf } from './receipt-pdf.js';

/** `?lang=`: the page's language, which a plain download link cannot send as a header. */
export const ReceiptPdfQuerySchema = z.object({
  lang: z
    .enum(LOCALES)
    .optional()
    .describe(
      'The PDF’s language (en, es-MX); without it the `language` header, then the ' +
        '`coparent_lang` cookie, then Accept-Language',
    ),
});

/** The 200 answer in the OpenAPI document: a PDF file, not JSON. */
export const ReceiptPdfResponse = {
  description:
    'The receipt as a PDF (`Content-Disposition: attachment; filename="receipt-<order>.pdf"`, ' +
    '`Cache-Control: no-store`)',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
};

/** The PDF's language: the link's, else the API header, else the page's (cookie, browser). */
export function receiptPdfLocale(
  request: Pick<FastifyRequest, 'headers'>,
  chosen: Locale | undefined,
): Locale {
  if (chosen) return chosen;
  const header = request.headers.language;
  const language = Array.isArray(header) ? header[0] : header;
  return isLocale(language) ? language : pageLocale(request);
}

/** A receipt is personal: downloaded as a file, never kept by a cache. */
export function sendReceiptPdf(reply: FastifyReply, pdf: ReceiptPdf) {
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
    .type('application/pdf')
    .send(pdf.content);
}

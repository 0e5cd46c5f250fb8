import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loopbackOnly } from '../../http/loopback-only.js';
import { renderMailboxPage } from './mailbox-page.js';
import type { MailboxService } from './service.js';

export type DevMailboxRoutesOptions = { service: MailboxService };

const MailboxQuerySchema = z.object({
  to: z
    .string()
    .max(254)
    .optional()
    .describe('Only messages to this address (any case), or texts to this phone number'),
  template: z
    .string()
    .max(80)
    .optional()
    .describe('Only messages of this template (e.g. professional-invitation)'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(20)
    .describe('How many messages (1–100, default 20)'),
});

const MailboxResponseSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      template: z.string(),
      locale: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string().nullable(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
  texts: z
    .array(
      z.object({
        id: z.string(),
        to: z.string().describe('The number in E.164'),
        template: z.string(),
        locale: z.string(),
        body: z.string(),
        createdAt: z.string(),
        sentAt: z.string().nullable(),
        error: z.string().nullable(),
      }),
    )
    .describe('The text messages of the SMS outbox, newest first'),
});

/**
 * GET /v2/dev/mailbox: the latest emails of the outbox and texts of the SMS outbox, newest first,
 * so people and browser tests can read (and follow the links of) what was sent. Registered only in the local demo
 * (`devMailbox` in config.ts) and answered only to this machine.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<DevMailboxRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/mailbox',
    {
      onRequest: loopbackOnly,
      schema: {
        tags: ['dev'],
        summary: 'The latest outbox emails and texts, newest first (not available in production)',
        querystring: MailboxQuerySchema,
        response: { 200: MailboxResponseSchema },
      },
    },
    async (request) => service.latest(request.query),
  );
};

/**
 * GET /app/dev/mailbox: the same outbox as a small server-rendered page (escaped, links
 * clickable), so a person can open the receipt and follow the co-parent's invitation link.
 * Registered and answered as GET /v2/dev/mailbox is.
 */
export const devMailboxPageRoutes: FastifyPluginAsyncZod<DevMailboxRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/app/dev/mailbox',
    { onRequest: loopbackOnly, schema: { hide: true, querystring: MailboxQuerySchema } },
    async (request, reply) => {
      const { messages, texts } = await service.latest(request.query);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderMailboxPage(messages, { to: request.query.to }, texts));
    },
  );
};

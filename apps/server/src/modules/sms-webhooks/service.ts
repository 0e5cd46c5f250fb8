import type { FastifyBaseLogger } from 'fastify';
import { recordDeliveryStatus } from '../../adapters/sms/delivery-status.js';
import { clearOptOut, recordOptOut } from '../../adapters/sms/opt-outs.js';
import { maskPhoneNumber } from '../../adapters/sms/sms-sender.js';
import type { Db } from '../../db/client.js';
import { optKeywordOf } from './keywords.js';

export type SmsWebhooksDeps = { db: Db; log: FastifyBaseLogger; now: () => Date };
export type SmsWebhooksService = ReturnType<typeof createSmsWebhooksService>;

/** Twilio's code for a recipient who replied STOP, in a callback as in a send's answer. */
const TWILIO_UNSUBSCRIBED = 21610;

/**
 * What Twilio's signed webhooks change (decision 045): a message's delivery status on its outbox
 * row, moving only forward, and the opt-out list. Log lines name the outbox row and a masked
 * number, never a body.
 */
export function createSmsWebhooksService({ db, log, now }: SmsWebhooksDeps) {
  /** A status callback: the status recorded on the row of its message id, if further along. */
  async function messageStatus(input: {
    messageSid: string;
    status: string;
    errorCode: number | null;
  }): Promise<void> {
    const { outcome, row } = await recordDeliveryStatus(db, {
      providerMessageId: input.messageSid,
      status: input.status,
      errorCode: input.errorCode,
      at: now(),
    });
    if (outcome === 'RECORDED' && row && input.errorCode === TWILIO_UNSUBSCRIBED) {
      await recordOptOut(db, row.toNumber, 'PROVIDER', now());
    }
    log.info({ textId: row?.id, status: input.status, outcome }, 'a text status callback');
  }

  /** A reply to our number: STOP puts it on the opt-out list, START takes it off; else nothing. */
  async function inboundText(input: {
    from: string;
    body: string;
    optOutType?: string | undefined;
  }): Promise<void> {
    const keyword = optKeywordOf(input.body, input.optOutType);
    if (keyword === 'STOP') await recordOptOut(db, input.from, 'REPLY', now());
    if (keyword === 'START') await clearOptOut(db, input.from);
    log.info({ from: maskPhoneNumber(input.from), keyword }, 'a text reply');
  }

  return { messageStatus, inboundText };
}

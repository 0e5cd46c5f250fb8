import { EXPERIMENTS, isTreatment } from '@coparent/domain';
import type { PaymentRow } from '../../db/schema.js';
import type { EventsService } from '../events/service.js';
import { type ExperimentFlags, experimentArm } from '../flags/experiment-arm.js';
import type { PayBody } from '../payments/payments.js';
import type { Attempt } from './attempt.js';

/** The payment screens of the two flows (where a server-decided exposure happens). */
const PAYMENT_PATH = '/app/join/payment';
const INVITED_PAYMENT_PATH = '/app/join/invite/payment';

export type UkCardProviderDeps = {
  flags: ExperimentFlags;
  exposures: Pick<EventsService, 'recordExposure'>;
  now: () => Date;
};

/**
 * The uk-card-provider experiment (decision 020): is this a GB card payment in the Treatment? The
 * server asks the flag service itself, with the context the browser's flags use: the invited
 * payer's user id, else the anonymous id; the billing country; the flow.
 */
export async function isUkCardTreatment(
  deps: UkCardProviderDeps,
  payment: PaymentRow,
  body: PayBody,
): Promise<boolean> {
  const country = (payment.attempt as Attempt).billing.country;
  if (country !== 'GB' || body.payment.paymentType !== 'CREDIT_CARD') return false;
  const userId = payment.invitedUserId ?? undefined;
  const arm = await experimentArm(deps.flags, EXPERIMENTS.ukCardProvider, {
    country,
    flow: userId ? 'invite' : 'join',
    ...(userId ? { userId } : {}),
    ...(body.segmentAnonymousId ? { targetingKey: body.segmentAnonymousId } : {}),
  });
  // The browser never reads this flag, so the exposure is the server's to record.
  const anonymousId = body.segmentAnonymousId ?? userId;
  if (anonymousId) {
    await deps.exposures.recordExposure({
      experiment: EXPERIMENTS.ukCardProvider,
      variant: arm,
      anonymousId,
      userId,
      path: userId ? INVITED_PAYMENT_PATH : PAYMENT_PATH,
      at: deps.now(),
    });
  }
  return isTreatment(arm);
}

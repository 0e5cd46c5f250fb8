import type { Mailer } from '../../adapters/mail/mailer.js';
import type { InviteRow, UserRow } from '../../db/schema.js';
import type { CheckoutService } from '../checkout/service.js';
import type { LoggedCoreDeps } from '../core-deps.js';
import type { Metrics } from '../metrics/metrics.js';
import type { PricingService } from '../pricing/service.js';

/** What the invite service is built from: the services and settings it uses. */
export type InviteServiceDeps = LoggedCoreDeps & {
  pricing: Pick<
    PricingService,
    'quoteFor' | 'checkCountry' | 'availableCouponCodes' | 'catalogNow'
  >;
  checkout: Pick<CheckoutService, 'payInvited'>;
  mailer: Mailer;
  publicUrl: string;
  settings: {
    inviteTtlDays: number;
    credentialsTokenTtlMinutes: number;
    /** New links per invited person per hour (POST /v2/invites/request). */
    requestsPerHour: number;
    /** Seconds between two new links for one person. */
    requestIntervalSeconds: number;
  };
  metrics: Pick<Metrics, 'rateLimitRefused'>;
};

/** What an invite token resolves to: its invite and its user (checked on every invited call). */
export type InviteAuth = { invite: InviteRow; user: UserRow };

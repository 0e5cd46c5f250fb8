import {
  AccountSubscriptionParamsSchema,
  AccountSubscriptionResponseSchema,
  AutoRenewRequestSchema,
  CancelSubscriptionRequestSchema,
  PlanChangeRequestSchema,
  SubscriptionPlansResponseSchema,
  SubscriptionRefusalSchema,
} from '@coparent/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../http/locale.js';
import { errorResponses, LocaleHeadersSchema } from '../../http/schemas.js';
import type { SessionAuth } from '../session/session-auth.js';
import type { AccountSubscriptionService } from './service.js';

export type AccountSubscriptionRoutesOptions = {
  service: AccountSubscriptionService;
  auth: SessionAuth;
};

const UNAUTHORISED = '401 `SESSION_REQUIRED` without a live session.';
const NOT_FOUND =
  '404 `SUBSCRIPTION_NOT_FOUND` for an id that is not the user’s subscription nor one they pay ' +
  'for (another user’s is never revealed).';
const REFUSED =
  '409 `{ validationErrors }` at `form`, localised: the subscription ended (its term is over: ' +
  'nothing can renew it), the user does not pay for it (the co-parent whose subscription Parent ' +
  'A pays sees it read-only), or a professional covers it.';
const INVALID = '422 `{ validationErrors }` for a body the schema refuses.';

/** The account's subscription page and the payer's renewal controls (session); under /v2. */
export const accountSubscriptionRoutes: FastifyPluginAsyncZod<
  AccountSubscriptionRoutesOptions
> = async (app, opts) => {
  const { service, auth } = opts;

  app.get(
    '/account/subscription',
    {
      onRequest: auth.requireSession,
      schema: {
        tags: ['account'],
        summary: 'The logged-in user’s subscription: its renewal, price and payment method',
        description:
          'The newest subscription of the user’s own family member (null when none): package, ' +
          'term, the end of the paid term, whether it auto-renews or was canceled, who pays, and ' +
          'for the payer the price the renewal would charge (priced now as the checkout prices ' +
          'it, for their billing country and tax) and the vaulted payment method it would ' +
          `charge. ${UNAUTHORISED}`,
        headers: LocaleHeadersSchema,
        response: { 200: AccountSubscriptionResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.own(auth.sessionOf(request).userId, requestLocale(request));
    },
  );

  app.put(
    '/account/subscriptions/:subscriptionId/auto-renew',
    {
      onRequest: auth.requireSession,
      schema: {
        tags: ['account'],
        summary: 'Turn auto-renewal off or on again (the payer, before the term ends)',
        description:
          'Changes every subscription the same payment renews (Parent A’s and the co-parent’s ' +
          'they pay for). Off: nothing more is charged and the subscription ends at `renewsAt`; ' +
          'on again: it renews then (a cancellation is undone). Idempotent: asking for the state ' +
          'it is in changes nothing and sends nothing. A change is recorded (when, by whom) and ' +
          'confirmed by email in the payer’s language, queued in the same transaction. ' +
          `${UNAUTHORISED} ${NOT_FOUND} ${REFUSED} ${INVALID}`,
        headers: LocaleHeadersSchema,
        params: AccountSubscriptionParamsSchema,
        body: AutoRenewRequestSchema,
        response: {
          200: AccountSubscriptionResponseSchema,
          409: SubscriptionRefusalSchema,
          ...errorResponses(401, 404, 422),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.setAutoRenew(
        auth.sessionOf(request).userId,
        request.params.subscriptionId,
        request.body.autoRenew,
        requestLocale(request),
      );
    },
  );

  app.post(
    '/account/subscriptions/:subscriptionId/cancel',
    {
      onRequest: auth.requireSession,
      schema: {
        tags: ['account'],
        summary: 'Cancel the subscription (the payer): no renewal, access until the term ends',
        description:
          'Stops the renewal of every subscription the same payment renews and records the ' +
          'cancellation (when, by whom, the optional `reason`); access lasts until `renewsAt`, ' +
          'and the term already paid is not refunded. The payer gets the cancellation email in ' +
          'their language. Turning auto-renewal on again before `renewsAt` undoes it. ' +
          'Idempotent: canceling again changes nothing and sends nothing. ' +
          `${UNAUTHORISED} ${NOT_FOUND} ${REFUSED} ${INVALID}`,
        headers: LocaleHeadersSchema,
        params: AccountSubscriptionParamsSchema,
        body: CancelSubscriptionRequestSchema,
        response: {
          200: AccountSubscriptionResponseSchema,
          409: SubscriptionRefusalSchema,
          ...errorResponses(401, 404, 422),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.cancel(
        auth.sessionOf(request).userId,
        request.params.subscriptionId,
        request.body.reason,
        requestLocale(request),
      );
    },
  );

  const PLAN_REFUSED =
    '409 `{ validationErrors }` at `form`, localised, as the other changes: only the order’s ' +
    'buyer may change the plan (not the co-parent whose subscription Parent A pays, nor a ' +
    'professional’s family), and not after the subscription ended.';

  app.get(
    '/account/subscriptions/:subscriptionId/plans',
    {
      onRequest: auth.requireSession,
      schema: {
        tags: ['account'],
        summary: 'The plans the payer may renew on, each with its renewal price',
        description:
          'The packages (each with its term) the catalog offers for the payer’s billing country, ' +
          'in card order, priced as the renewal will price them (the checkout’s engine, the ' +
          'payer’s country and tax, no codes, paying for the co-parent as the order does). ' +
          `${UNAUTHORISED} ${NOT_FOUND} ${PLAN_REFUSED}`,
        headers: LocaleHeadersSchema,
        params: AccountSubscriptionParamsSchema,
        response: {
          200: SubscriptionPlansResponseSchema,
          409: SubscriptionRefusalSchema,
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.plans(
        auth.sessionOf(request).userId,
        request.params.subscriptionId,
        requestLocale(request),
      );
    },
  );

  app.put(
    '/account/subscriptions/:subscriptionId/plan',
    {
      onRequest: auth.requireSession,
      schema: {
        tags: ['account'],
        summary: 'Change the package or term at renewal (the payer); the current package undoes it',
        description:
          'Stores the plan the next term renews on: from the renewal date the renewal charges its ' +
          'price and renews every subscription of the payment on it. Nothing changes before then ' +
          'and nothing is prorated. The payer gets an email saying what changes and when. ' +
          'Idempotent: the plan already chosen changes and sends nothing. ' +
          `${UNAUTHORISED} ${NOT_FOUND} ${PLAN_REFUSED} 422 \`{ validationErrors }\` at ` +
          '`packageId` for a package the catalog does not offer the payer.',
        headers: LocaleHeadersSchema,
        params: AccountSubscriptionParamsSchema,
        body: PlanChangeRequestSchema,
        response: {
          200: AccountSubscriptionResponseSchema,
          409: SubscriptionRefusalSchema,
          ...errorResponses(401, 404, 422),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.setPlan(
        auth.sessionOf(request).userId,
        request.params.subscriptionId,
        request.body.packageId,
        requestLocale(request),
      );
    },
  );

  app.delete(
    '/account/subscriptions/:subscriptionId/plan',
    {
      onRequest: auth.requireSession,
      schema: {
        tags: ['account'],
        summary: 'Undo the plan change: the same plan renews',
        description:
          'Drops the plan chosen for the next term; the payer gets an email saying so. ' +
          'Idempotent: with no change waiting, nothing is written or sent. ' +
          `${UNAUTHORISED} ${NOT_FOUND} ${PLAN_REFUSED}`,
        headers: LocaleHeadersSchema,
        params: AccountSubscriptionParamsSchema,
        response: {
          200: AccountSubscriptionResponseSchema,
          409: SubscriptionRefusalSchema,
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.undoPlan(
        auth.sessionOf(request).userId,
        request.params.subscriptionId,
        requestLocale(request),
      );
    },
  );
};

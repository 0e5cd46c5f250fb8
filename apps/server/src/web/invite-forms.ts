import {
  BILLING_FORM_FIELDS,
  BillingOnlyFormSchema,
  billingFieldsFromForm,
  buildYourOwnChoiceFromForm,
  buildYourOwnServices,
  hasBlockingErrors,
  INVITE_CREDENTIALS_FORM_FIELDS,
  INVITE_CREDENTIALS_SECRET_FIELDS,
  INVITE_PATHS,
  InvitedUserSchema,
  type InvitePath,
  InviteStepOneFormSchema,
  invitedBillingRequest,
  isPhoneCodeId,
  PACKAGE_CHOICE_FIELD,
  STEP_ONE_FORM_FIELDS,
  stepOneFieldsFromForm,
  type ValidationError,
} from '@coparent/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { JOIN_BASE } from '../http/join-base.js';
import type { AnswerWithPage } from './form-answer.js';
import { type OpenInvite, openInvite, refusedSave } from './invite-form-open.js';
import { type ApiAnswer, validationErrorsOf } from './own-api.js';
import { isPaymentFormField, type PaymentFlow, postPaymentView } from './payment-form.js';

/** The invite step 1's own fields (the signup's step 1 without its co-parent question). */
const INVITE_STEP_ONE_FIELDS: readonly string[] = STEP_ONE_FORM_FIELDS.filter(
  (name) => name !== 'knowsCoParentEmail',
);

/** Which posted fields an invite page's form shows again (never anything secret). */
export const INVITE_FORMS: Record<string, (name: string) => boolean> = {
  [INVITE_PATHS.step1]: (name) => INVITE_STEP_ONE_FIELDS.includes(name),
  [INVITE_PATHS.packages]: () => false,
  // The options are shown again from the saved choice (a refusal is only ever a wait).
  [INVITE_PATHS.chooseYourOwn]: () => false,
  // The Billing view's fields without the referral (the invited flow does not ask it).
  [INVITE_PATHS.billingInfo]: (name) =>
    BILLING_FORM_FIELDS.includes(name) && name.startsWith('billing.'),
  // The payment page's views, as the join's (never the card's fields).
  [INVITE_PATHS.payment]: isPaymentFormField,
  // Never the password, the security answer or the code: a person types them again.
  [INVITE_PATHS.credentials]: (name) =>
    INVITE_CREDENTIALS_FORM_FIELDS.includes(name) &&
    !INVITE_CREDENTIALS_SECRET_FIELDS.includes(name),
};

const KNOWN_PATHS = new Set<string>(Object.values(INVITE_PATHS));

/** The answer's `nextPath` when it is one of the invited screens, else the fallback. */
function nextPathOf(answer: ApiAnswer, fallback: InvitePath): string {
  const next = answer.body.nextPath;
  return typeof next === 'string' && KNOWN_PATHS.has(next) ? next : fallback;
}

/**
 * The invited co-parent's forms as a browser without a script posts them (progressive
 * enhancement), each for the invite the browser's cookie names and only once it has reached the
 * form's screen (`inviteScreenRedirect`, the app's own entry rules): checked by the domain's
 * schema, saved through the same API call the app makes (its token check, validation and
 * limits), then the screen the API names next (303), or the page again with its problems (422),
 * or with the wait the server asks for (429, 503). A post from another site is refused.
 */
export async function inviteFormRoutes(
  app: FastifyInstance,
  opts: { answerWithPage: AnswerWithPage },
): Promise<void> {
  const { answerWithPage } = opts;

  app.post(
    `${JOIN_BASE}${INVITE_PATHS.step1}`,
    { schema: { hide: true } },
    async (request, reply) => {
      const open = await openInvite(app, request, reply, INVITE_PATHS.step1);
      if (!('context' in open)) return open;
      const { context, api } = open;
      const values = submittedInviteValues(INVITE_PATHS.step1, request.body);
      const page = (errors: ValidationError[], status: number) =>
        answerWithPage(request, reply, { path: INVITE_PATHS.step1, values, errors }, status);
      const checked = InviteStepOneFormSchema.safeParse(stepOneFieldsFromForm(values));
      // The page lists what the schema finds itself, from the values.
      if (!checked.success) return page([], 422);
      const { userId } = context;
      const saved = await api('PATCH', `/v2/users/${encodeURIComponent(userId)}`, {
        sections: ['PARENT'],
        parent: {
          userId,
          firstName: checked.data.firstName,
          lastName: checked.data.lastName,
          email: checked.data.email,
          phoneCountryCode: checked.data.countryCode,
          phoneNumber: checked.data.phoneNumber,
        },
      });
      if (saved.status !== 200) return refusedSave(request, reply, saved, page);
      const warnings = validationErrorsOf(saved);
      if (hasBlockingErrors(warnings)) return page(warnings, 422);
      return reply.redirect(`${JOIN_BASE}${nextPathOf(saved, INVITE_PATHS.packages)}`, 303);
    },
  );

  /**
   * A package choice (a card's, or build your own with its options) saved as the app saves it,
   * then the screen the answer names; refused (not offered, a wait), the page with the reason.
   */
  const savePackage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    { context, api }: OpenInvite,
    path: InvitePath,
    order: { packageId: number; productId?: string; services?: string[] },
  ) => {
    const saved = await api('PATCH', `/v2/users/${encodeURIComponent(context.userId)}`, {
      sections: ['PACKAGE'],
      order,
    });
    const page = (errors: ValidationError[], status: number) =>
      answerWithPage(request, reply, { path, values: {}, errors }, status);
    if (saved.status !== 200) return refusedSave(request, reply, saved, page);
    return reply.redirect(`${JOIN_BASE}${nextPathOf(saved, INVITE_PATHS.payment)}`, 303);
  };

  app.post(
    `${JOIN_BASE}${INVITE_PATHS.packages}`,
    { schema: { hide: true } },
    async (request, reply) => {
      const open = await openInvite(app, request, reply, INVITE_PATHS.packages);
      if (!('context' in open)) return open;
      const posted = (request.body ?? {}) as Record<string, unknown>;
      const packageId = Number(posted[PACKAGE_CHOICE_FIELD]);
      // No package the page offered (a tampered post): the cards again.
      if (!Number.isSafeInteger(packageId) || packageId <= 0) {
        return reply.redirect(`${JOIN_BASE}${INVITE_PATHS.packages}`, 303);
      }
      return savePackage(request, reply, open, INVITE_PATHS.packages, { packageId });
    },
  );
  app.post(
    `${JOIN_BASE}${INVITE_PATHS.chooseYourOwn}`,
    { schema: { hide: true } },
    async (request, reply) => {
      const open = await openInvite(app, request, reply, INVITE_PATHS.chooseYourOwn);
      if (!('context' in open)) return open;
      const choice = buildYourOwnChoiceFromForm((request.body ?? {}) as Record<string, unknown>);
      // No term or package the page offered (a tampered post): the options again.
      if (!choice) return reply.redirect(`${JOIN_BASE}${INVITE_PATHS.chooseYourOwn}`, 303);
      return savePackage(request, reply, open, INVITE_PATHS.chooseYourOwn, {
        packageId: choice.packageId,
        productId: choice.values.subscription,
        services: buildYourOwnServices(choice.values),
      });
    },
  );
  app.post(
    `${JOIN_BASE}${INVITE_PATHS.billingInfo}`,
    { schema: { hide: true } },
    async (request, reply) => {
      const open = await openInvite(app, request, reply, INVITE_PATHS.billingInfo);
      if (!('context' in open)) return open;
      const { context, api } = open;
      const values = submittedInviteValues(INVITE_PATHS.billingInfo, request.body);
      const page = (errors: ValidationError[], status: number) =>
        answerWithPage(request, reply, { path: INVITE_PATHS.billingInfo, values, errors }, status);
      const checked = BillingOnlyFormSchema.safeParse(billingFieldsFromForm(values));
      // The page lists what the schema finds itself, from the values.
      if (!checked.success) return page([], 422);
      const { userId } = context;
      const saved = await api(
        'PATCH',
        `/v2/users/${encodeURIComponent(userId)}`,
        invitedBillingRequest(checked.data.billing, { userId }),
      );
      if (saved.status !== 200) return refusedSave(request, reply, saved, page);
      const warnings = validationErrorsOf(saved);
      if (hasBlockingErrors(warnings)) return page(warnings, 422);
      return reply.redirect(`${JOIN_BASE}${nextPathOf(saved, INVITE_PATHS.credentials)}`, 303);
    },
  );
  app.post(
    `${JOIN_BASE}${INVITE_PATHS.payment}`,
    { schema: { hide: true } },
    async (request, reply) => {
      // Paid already (this payment's answer lost, a second Pay now): the entry rule sends the
      // post on to the credentials, nothing paid twice.
      const open = await openInvite(app, request, reply, INVITE_PATHS.payment);
      if (!('context' in open)) return open;
      const { context, api } = open;
      const { userId } = context;
      const read = await api('GET', `/v2/users/${encodeURIComponent(userId)}`, undefined);
      if (read.status === 403 || read.status === 404) {
        return reply.redirect(`${JOIN_BASE}${INVITE_PATHS.request}`, 303);
      }
      const user = InvitedUserSchema.safeParse(read.body);
      if (read.status !== 200 || !user.success) {
        throw new Error(`invite payment form: the API answered ${read.status}`);
      }
      const { order, address } = user.data;
      if (!order) return reply.redirect(`${JOIN_BASE}${INVITE_PATHS.packages}`, 303);
      const phoneCountryCode = user.data.phoneCountryCode;
      const flow: PaymentFlow = {
        path: INVITE_PATHS.payment,
        order,
        parent: {
          firstName: user.data.firstName,
          lastName: user.data.lastName,
          phoneCountryCode: isPhoneCodeId(phoneCountryCode) ? phoneCountryCode : null,
          phoneNumber: user.data.phoneNumber,
        },
        billingCountry: address.country ?? undefined,
        apiUrl: `/v2/users/${encodeURIComponent(userId)}`,
        billingSave: (posted) => {
          const checked = BillingOnlyFormSchema.safeParse(billingFieldsFromForm(posted));
          if (!checked.success) return undefined;
          const { billing } = checked.data;
          return { country: billing.country, body: invitedBillingRequest(billing, { userId }) };
        },
        endedPath: INVITE_PATHS.request,
        packagesPath: INVITE_PATHS.packages,
        paymentExtras: { deviceData: null },
        // The credentials screen asks a new token with the invite's cookie.
        onPaid: () => INVITE_PATHS.credentials,
      };
      return postPaymentView(app, request, reply, flow, (submission, status) =>
        answerWithPage(request, reply, submission, status),
      );
    },
  );
}

/** An invite form's own fields of a posted body, as text (anything else is left out). */
export function submittedInviteValues(path: string, body: unknown): Record<string, string> {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const isOwn = INVITE_FORMS[path] ?? (() => false);
  const picked: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (isOwn(name) && typeof value === 'string') picked[name] = value;
  }
  return picked;
}

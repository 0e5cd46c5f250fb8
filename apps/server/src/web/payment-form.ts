import { randomUUID } from 'node:crypto';
import {
  BILLING_FORM_FIELDS,
  BillingFormSchema,
  billingFieldsFromForm,
  billingFormToRequest,
  COUNTRY_MISMATCH_CONFIRMED_FIELD,
  canEnterStep,
  dialCodeDigits,
  FORM_FIELD,
  isConsentRequired,
  isDuplicateParentError,
  isValidIdempotencyKey,
  type Locale,
  MARKETING_OPT_IN_FIELD,
  type MessageKey,
  nextIncompleteStep,
  orderDetailOf,
  PAYMENT_VIEW_FIELD,
  type PhoneCodeId,
  pathForStep,
  paymentViewOf,
  REVIEW_FORM_FIELDS,
  referralToSave,
  type SavedOrder,
  TERMS_ACCEPTED_FIELD,
  translateMessage,
  type ValidationError,
} from '@coparent/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from '../http/error-handler.js';
import { JOIN_BASE } from '../http/join-base.js';
import { pageLocale } from '../http/locale.js';
import { credentialsTokenCookie } from '../modules/credentials/credentials-cookie.js';
import { readCookieSignup, signupFromCookie } from '../modules/signup/signup-cookie.js';
import type { AnswerWithPage, JoinFormSubmission } from './form-answer.js';
import { type ApiAnswer, ownApiCaller, validationErrorsOf } from './own-api.js';
import { isSameOriginPost } from './same-origin.js';

export type PaymentFormOptions = {
  answerWithPage: AnswerWithPage;
  secureCookies: boolean;
  /** The cookie saying the browser posts its steps (the next pages are written with the signup). */
  postedCookie: () => string;
};

const PAYMENT_PATH = '/payment';

/** The API's refusals the page states in its own words: the person can only wait and try again. */
const WAIT_MESSAGES: Partial<Record<number, MessageKey>> = {
  429: 'form_tooManyAttempts_error',
  503: 'form_saveUnavailable_error',
};

/** The problem's own text (the API writes it in the request's language), else ours. */
function problemText(answer: ApiAnswer, fallback: MessageKey, locale: Locale): string {
  const detail = answer.body.detail;
  return typeof detail === 'string' && detail ? detail : translateMessage(fallback, locale);
}

const formError = (text: string): ValidationError => ({ field: FORM_FIELD, text, type: 'ERROR' });

/**
 * The payment page's forms as a browser without a script posts them, one URL for its three views
 * (the posted `paymentView` says which). Each goes through the same API calls the app makes, with
 * the browser's cookie and address (the same rules, limits and idempotency): Billing is checked
 * by the domain schema, then the country check and the billing save, then 303 to the Payment
 * view; Payment tokenises the sandbox card at once (the card never leaves this request) and
 * answers Review with the nonce and a new attempt key written in its form; Review pays and goes
 * on to /credentials with the credentials token in an HttpOnly cookie. Each refusal answers the
 * view that can fix it, with the reason in its error summary.
 */
export async function paymentFormRoutes(
  app: FastifyInstance,
  opts: PaymentFormOptions,
): Promise<void> {
  const { answerWithPage, secureCookies } = opts;

  app.post(`${JOIN_BASE}${PAYMENT_PATH}`, { schema: { hide: true } }, async (request, reply) => {
    if (!isSameOriginPost(request)) return sendProblem(reply, 'CROSS_SITE_FORM');
    const redirect = (path: string) => reply.redirect(`${JOIN_BASE}${path}`, 303);
    const key = signupFromCookie(request);
    const signup = key ? await readCookieSignup(app.signups, request) : undefined;
    if (!key || !signup) return redirect('/step1');
    const view = paymentViewOf(stringFields(request.body)[PAYMENT_VIEW_FIELD]);
    // Paid already (a second Pay now, a post again after a lost answer): Pay now replays it.
    if (signup.paid && view !== 'REVIEW') return redirect('/receipt');
    if (!signup.order || !canEnterStep(4, signup.lastCompletedStep)) {
      return redirect(pathForStep(nextIncompleteStep(signup.lastCompletedStep)));
    }
    const flow: PaymentFlow = {
      path: PAYMENT_PATH,
      order: signup.order,
      parent: signup.parent,
      billingCountry: signup.billing?.address.country,
      apiUrl: `/v2/signups/${signup.signupId}`,
      billingSave: (posted) => {
        const checked = BillingFormSchema.safeParse(billingFieldsFromForm(posted));
        if (!checked.success) return undefined;
        const { billing, referral } = checked.data;
        const body = billingFormToRequest(billing, { referral: referralToSave(referral) });
        return { country: billing.country, body };
      },
      endedPath: '/step1',
      packagesPath: '/step3',
      paymentExtras: {},
      onPaid: (answer) => {
        const token = answer.body.clickToJoinToken;
        const hasToken = typeof token === 'string' && token !== '';
        const posted = opts.postedCookie();
        reply.header(
          'set-cookie',
          hasToken ? [credentialsTokenCookie(token, { secure: secureCookies }), posted] : posted,
        );
        return hasToken ? '/credentials' : '/receipt';
      },
    };
    return postPaymentView(app, request, reply, flow, (submission, status) =>
      answerWithPage(request, reply, submission, status, signup),
    );
  });
}

/**
 * What differs between the join's payment page and the invite's (`/invite/payment`): the
 * order and payer, the API resource its calls go to, the Billing form's schema and save, and
 * where the flow goes when it ends, when the package must be chosen again, and once paid.
 */
export type PaymentFlow = {
  /** The page's join path: its forms post to it. */
  path: string;
  order: SavedOrder;
  parent: {
    firstName: string;
    lastName: string;
    phoneCountryCode?: PhoneCodeId | null;
    phoneNumber?: string | null;
  };
  /** The saved billing country (whether consent is asked), if any. */
  billingCountry: string | undefined;
  /** `/v2/signups/:id` or `/v2/users/:id`: the calls go to its country-check, save and payment. */
  apiUrl: string;
  /** The posted Billing form checked by the flow's schema (undefined: it has problems). */
  billingSave: (posted: Record<string, string>) => { country: string; body: unknown } | undefined;
  /** Where a flow the API no longer knows goes (403, 404). */
  endedPath: string;
  /** Where a confirmed country mismatch chooses the package again. */
  packagesPath: string;
  /** What the flow's payment call adds to the body. */
  paymentExtras: Record<string, unknown>;
  /** Paid: sets what the next page needs and answers its path. */
  onPaid: (answer: ApiAnswer) => string;
};

/**
 * A payment page's post (the posted `paymentView` says which of its three views), for the flow
 * the caller read and checked: each view through the same API calls the app makes.
 */
export function postPaymentView(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  flow: PaymentFlow,
  answer: (submission: JoinFormSubmission, status: number) => Promise<FastifyReply>,
): Promise<FastifyReply> | FastifyReply {
  const redirect = (path: string) => reply.redirect(`${JOIN_BASE}${path}`, 303);
  const posted = stringFields(request.body);
  const form: PostedForm = {
    request,
    reply,
    flow,
    posted,
    locale: pageLocale(request),
    api: apiCaller(app, request),
    page: (values, errors, status) => answer({ path: flow.path, values, errors }, status),
    redirect,
  };
  switch (paymentViewOf(posted[PAYMENT_VIEW_FIELD])) {
    case 'BILLING':
      return postBilling(form);
    case 'PAYMENT':
      return postCard(form);
    case 'REVIEW':
      return postPayment(form);
    default:
      return redirect(flow.path);
  }
}

type PostedForm = {
  request: FastifyRequest;
  reply: FastifyReply;
  flow: PaymentFlow;
  posted: Record<string, string>;
  locale: Locale;
  api: (
    method: 'POST' | 'PATCH',
    url: string,
    body: unknown,
    idempotencyKey?: string,
  ) => Promise<ApiAnswer>;
  /** The payment page again, showing `values.paymentView`, with the problems listed. */
  page: (
    values: Record<string, string>,
    errors: ValidationError[],
    status: number,
  ) => Promise<FastifyReply>;
  redirect: (path: string) => FastifyReply;
};

function stringFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof body !== 'object' || body === null) return fields;
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/** The API called for the browser, with the payment attempt's key when there is one. */
function apiCaller(app: FastifyInstance, request: FastifyRequest): PostedForm['api'] {
  const call = ownApiCaller(app, request);
  return (method, url, body, idempotencyKey) =>
    call(method, url, body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
}

/** A refusal the person can do nothing about here: the flow ended, or an error of ours. */
function endsTheVisit(form: PostedForm, answer: ApiAnswer): FastifyReply | undefined {
  // The flow is gone (expired, another key): start again, as the app does.
  if (answer.status === 403 || answer.status === 404) return form.redirect(form.flow.endedPath);
  if (validationErrorsOf(answer).some(isDuplicateParentError)) return form.redirect('/duplicate');
  if (answer.status >= 500 && answer.status !== 503) {
    throw new Error(`payment form: the API answered ${answer.status}`);
  }
  return undefined;
}

function waitText(form: PostedForm, answer: ApiAnswer): string | undefined {
  const key = WAIT_MESSAGES[answer.status];
  if (!key) return undefined;
  if (answer.status === 503) form.reply.header('retry-after', '5');
  return translateMessage(key, form.locale);
}

/** The Billing view: checked, the country checked against the package, saved, then Payment. */
async function postBilling(form: PostedForm): Promise<FastifyReply> {
  const { posted, flow } = form;
  const values = { ...pickBillingValues(posted), [PAYMENT_VIEW_FIELD]: 'BILLING' };
  const answer = (errors: ValidationError[], status: number) => form.page(values, errors, status);
  const checked = flow.billingSave(posted);
  // The page lists what the schema finds itself, from the values.
  if (!checked) return answer([], 422);

  const { phoneCountryCode, phoneNumber } = flow.parent;
  const country = await form.api('POST', `${flow.apiUrl}/country-check`, {
    packageId: flow.order.packageId,
    countryCriteria: {
      country: checked.country,
      ...(phoneCountryCode ? { countryCode: dialCodeDigits(phoneCountryCode) } : {}),
      ...(phoneNumber ? { phoneNumber } : {}),
    },
  });
  const isMismatch = country.status === 409 && country.body.code === 'COUNTRY_MISMATCH';
  const isConfirmed = posted[COUNTRY_MISMATCH_CONFIRMED_FIELD] === 'yes';
  if (isMismatch && !isConfirmed) {
    // Said on the form, whose second button confirms it (then the package is chosen again).
    const text = translateMessage('pricing_countryMismatch_error', form.locale);
    return answer([{ field: COUNTRY_MISMATCH_CONFIRMED_FIELD, text, type: 'ERROR' }], 409);
  }
  if (!isMismatch && country.status !== 200) return refused(form, country, answer);

  const save = await form.api('PATCH', flow.apiUrl, checked.body);
  if (save.status !== 200) return refused(form, save, answer);
  return form.redirect(isMismatch ? flow.packagesPath : `${flow.path}?view=PAYMENT`);
}

/** A call refused: the page with the reason, or the visit's end. */
function refused(
  form: PostedForm,
  answer: ApiAnswer,
  page: (errors: ValidationError[], status: number) => Promise<FastifyReply>,
): Promise<FastifyReply> | FastifyReply {
  const ended = endsTheVisit(form, answer);
  if (ended) return ended;
  const wait = waitText(form, answer);
  if (wait) return page([formError(wait)], answer.status);
  const errors = validationErrorsOf(answer);
  if (errors.length > 0) return page(errors, answer.status);
  return page([formError(problemText(answer, 'genericErrorMessage', form.locale))], answer.status);
}

/**
 * The payment page's fields a post may show again: the view, the billing form's, and what Review
 * carries. Never the card's: what was typed there is not written back into a page.
 */
export function isPaymentFormField(name: string): boolean {
  return (
    name === PAYMENT_VIEW_FIELD ||
    name === COUNTRY_MISMATCH_CONFIRMED_FIELD ||
    BILLING_FORM_FIELDS.includes(name) ||
    (REVIEW_FORM_FIELDS as readonly string[]).includes(name) ||
    name === TERMS_ACCEPTED_FIELD ||
    name === MARKETING_OPT_IN_FIELD
  );
}

function pickBillingValues(posted: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(posted).filter(([name]) => BILLING_FORM_FIELDS.includes(name)),
  );
}

/** The Payment view: the sandbox card tokenised at once, then Review with its nonce. */
async function postCard(form: PostedForm): Promise<FastifyReply> {
  const { posted } = form;
  const page = (errors: ValidationError[], status: number) =>
    form.page({ [PAYMENT_VIEW_FIELD]: 'PAYMENT' }, errors, status);
  const review = (card: Record<string, string>) =>
    form.page({ [PAYMENT_VIEW_FIELD]: 'REVIEW', ...card, idempotencyKey: randomUUID() }, [], 200);
  // A free order's Payment view asks for no card.
  if (posted.number === undefined) return review({});
  const tokenized = await form.api('POST', '/v2/payment/sandbox/tokenize', {
    number: posted.number,
    expirationDate: posted.expirationDate ?? '',
    cvv: posted.cvv ?? '',
  });
  // Braintree's card fields are hosted in its own frames: they need the page's script.
  if (tokenized.status === 404) {
    return page([formError(translateMessage('payment_cardNeedsScript_error', form.locale))], 409);
  }
  if (tokenized.status !== 200) return refused(form, tokenized, page);
  const nonce = tokenized.body.nonce;
  const details = tokenized.body.details as { cardType?: unknown; lastFour?: unknown } | undefined;
  if (typeof nonce !== 'string' || !details) throw new Error('payment form: no nonce');
  return review({
    nonce,
    cardType: String(details.cardType ?? ''),
    lastFour: String(details.lastFour ?? ''),
  });
}

/** What the Review form carries back (the server wrote it) and the consent boxes as posted. */
function reviewValues(posted: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = { [PAYMENT_VIEW_FIELD]: 'REVIEW' };
  for (const name of [...REVIEW_FORM_FIELDS, TERMS_ACCEPTED_FIELD, MARKETING_OPT_IN_FIELD]) {
    const value = posted[name];
    if (value !== undefined) values[name] = value;
  }
  return values;
}

/** Minor units as the form carries them (digits only), or NaN. */
const minorUnits = (value: string | undefined) =>
  value !== undefined && /^\d{1,12}$/.test(value) ? Number(value) : Number.NaN;

/** Review's Pay now: the same payment call as the app's, with the attempt's key. */
async function postPayment(form: PostedForm): Promise<FastifyReply> {
  const { posted, flow, locale } = form;
  const values = reviewValues(posted);
  const key = values.idempotencyKey;
  const amountDisplayed = minorUnits(values.amountDisplayed);
  // A Review form the server did not write (no key, no price): the card again.
  if (!isValidIdempotencyKey(key) || Number.isNaN(amountDisplayed)) {
    return form.redirect(`${flow.path}?view=PAYMENT`);
  }
  const consentRequired = isConsentRequired(flow.billingCountry);
  const body = {
    ...flow.paymentExtras,
    marketingOptIn: consentRequired ? values[MARKETING_OPT_IN_FIELD] === 'yes' : true,
    ...(consentRequired ? { termsAccepted: values[TERMS_ACCEPTED_FIELD] === 'yes' } : {}),
    order: orderDetailOf(flow.order),
    payment: {
      amountDisplayed,
      taxAmountDisplayed: minorUnits(values.taxAmountDisplayed) || 0,
      cardHolderName: `${flow.parent.firstName} ${flow.parent.lastName}`.trim(),
      nonce: values.nonce || null,
      paymentType: 'CREDIT_CARD',
      pricingLocale: locale,
      storePaymentOnFile: true,
      taxId: values.taxId || null,
      deviceData: null,
      bankAccountNumber: null,
      bankRoutingNumber: null,
    },
    payForCoparent: false,
    promoCodes: null,
    paymentCodes: null,
  };
  const paid = await form.api('POST', `${flow.apiUrl}/payment`, body, key);
  if (paid.status === 200) return form.redirect(flow.onPaid(paid));
  return refusedPayment(form, paid, values);
}

/**
 * A payment refused: a declined card asks for another on the Payment view; anything else shows
 * Review again, with a new attempt key when nothing was attempted (the answers changed, the price
 * moved) and the same one while the attempt's outcome is still open (a replay never pays twice).
 */
function refusedPayment(
  form: PostedForm,
  answer: ApiAnswer,
  values: Record<string, string>,
): Promise<FastifyReply> | FastifyReply {
  const ended = endsTheVisit(form, answer);
  if (ended) return ended;
  const { locale } = form;
  const code = answer.body.code;
  const review = (errors: ValidationError[], keepsKey: boolean) =>
    form.page(
      keepsKey ? values : { ...values, idempotencyKey: randomUUID() },
      errors,
      answer.status,
    );
  if (code === 'PAYMENT_DECLINED') {
    const text = problemText(answer, 'payment_declined_error', locale);
    return form.page({ [PAYMENT_VIEW_FIELD]: 'PAYMENT' }, [formError(text)], answer.status);
  }
  const wait = waitText(form, answer);
  if (wait) return review([formError(wait)], true);
  if (code === 'PAYMENT_IN_PROGRESS' || code === 'PAYMENT_PROVIDER_UNAVAILABLE') {
    return review([formError(problemText(answer, 'genericErrorMessage', locale))], true);
  }
  if (code === 'PRICE_CHANGED') {
    return review([formError(problemText(answer, 'genericErrorMessage', locale))], false);
  }
  const errors = validationErrorsOf(answer);
  const shown: ValidationError[] =
    errors.length > 0 ? errors : [formError(problemText(answer, 'genericErrorMessage', locale))];
  return review(shown, false);
}

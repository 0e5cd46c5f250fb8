import {
  buildYourOwnChoiceFromForm,
  buildYourOwnChoiceOfSignup,
  CO_PARENT_DUPLICATE_CONFIRMED_FIELD,
  CreateSignupRequestSchema,
  canEnterStep,
  FAMILY_FORM_ACTION_FIELD,
  FAMILY_FORM_ADD_CHILD,
  FAMILY_FORM_REMOVE_CHILD,
  type FamilyFields,
  FORM_FIELD,
  familyFieldsFromForm,
  familyFormContextOfSignup,
  familyFormFields,
  familyFormSchema,
  familyFormToRequest,
  hasBlockingErrors,
  isDuplicateCoParentWarning,
  isDuplicateParentError,
  isFamilyFormField,
  type Locale,
  MAX_CHILDREN,
  type MessageKey,
  nextIncompleteStep,
  PACKAGE_CHOICE_FIELD,
  pathForStep,
  SIGNUP_POSTED_COOKIE,
  SIGNUP_POSTED_COOKIE_MAX_AGE_SECONDS,
  STEP_ONE_FORM_FIELDS,
  StepOneFormSchema,
  stepOneFieldsFromForm,
  stepOneToCreateRequest,
  translateMessage,
  UpdateSignupRequestSchema,
  type ValidationError,
  zodIssuesToValidationErrors,
} from '@coparent/domain';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { FieldValidationError, isAppError } from '../errors.js';
import { serializeCookie } from '../http/cookies.js';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailableCause,
} from '../http/database-unavailable.js';
import { handleError, sendProblem } from '../http/error-handler.js';
import { JOIN_BASE } from '../http/join-base.js';
import { pageLocale } from '../http/locale.js';
import type { RouteRateLimit } from '../http/per-minute.js';
import type { SignupService } from '../modules/signup/service.js';
import {
  readCookieSignup,
  signupCookie,
  signupFromCookie,
} from '../modules/signup/signup-cookie.js';
import { CREDENTIALS_FORM_PATH, credentialsFormRoute } from './credentials-form.js';
import type { AnswerWithPage, JoinFormSubmission } from './form-answer.js';
import { inviteCredentialsFormRoute } from './invite-credentials-form.js';
import { INVITE_FORMS, inviteFormRoutes } from './invite-forms.js';
import { isPaymentFormField, paymentFormRoutes } from './payment-form.js';
import { proFormRoute } from './pro-form.js';
import { isSameOriginPost } from './same-origin.js';

type JoinFormsOptions = {
  signups: SignupService;
  answerWithPage: AnswerWithPage;
  secureCookies: boolean;
  /** The same limit as the API's signup create: a post is one. */
  createRateLimit: RouteRateLimit;
};

/**
 * A form body's fields: a name ending in `[]` (a group of checkboxes) as the list of its values,
 * any other name sent twice keeps its first value.
 */
export function formFields(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const list = fields[name];
    if (!name.endsWith('[]')) {
      if (list === undefined) fields[name] = value;
    } else if (Array.isArray(list)) list.push(value);
    else fields[name] = [value];
  }
  return fields;
}

/** Each form a page posts (its join path), and which posted fields are its own. */
const JOIN_FORMS: Record<string, (name: string) => boolean> = {
  '/step1': (name) => (STEP_ONE_FORM_FIELDS as readonly string[]).includes(name),
  '/step2': isFamilyFormField,
  '/payment': isPaymentFormField,
  // Never the password: a page answering a post does not hold it again.
  [CREDENTIALS_FORM_PATH]: (name) => name === 'username',
  ...INVITE_FORMS,
};

/** The form's own fields of a posted body, as text (anything else is left out). */
function submittedValues(joinPath: string, body: unknown): Record<string, string> {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const isOwn = JOIN_FORMS[joinPath] ?? (() => false);
  const picked: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (isOwn(name) && typeof value === 'string') picked[name] = value;
  }
  return picked;
}

/** Why the server could not take a post now, as the page says it (or undefined: a real error). */
function refusalOf(error: unknown): { status: number; key: MessageKey } | undefined {
  if (isAppError(error) && error.code === 'RATE_LIMITED') {
    return { status: 429, key: 'form_tooManyAttempts_error' };
  }
  if (databaseUnavailableCause(error)) return { status: 503, key: 'form_saveUnavailable_error' };
  return undefined;
}

/** Says a step was saved by a form post (the next pages are written with the signup): an hour. */
function postedCookie(secure: boolean): string {
  return serializeCookie(SIGNUP_POSTED_COOKIE, '1', {
    maxAgeSeconds: SIGNUP_POSTED_COOKIE_MAX_AGE_SECONDS,
    secure,
    httpOnly: false,
  });
}

/**
 * The family form after its Add child or Remove button without a script, or undefined for any
 * other post (Continue). Add stops at the limit, and the last child cannot be removed.
 */
function rearrangedFamily(action: unknown, family: FamilyFields): FamilyFields | undefined {
  if (action === FAMILY_FORM_ADD_CHILD) {
    const room = family.children.length < MAX_CHILDREN;
    const child = { firstName: '', lastName: '', email: '' };
    return room ? { ...family, children: [...family.children, child] } : family;
  }
  if (typeof action !== 'string' || !action.startsWith(FAMILY_FORM_REMOVE_CHILD)) return undefined;
  const index = Number(action.slice(FAMILY_FORM_REMOVE_CHILD.length));
  if (!Number.isInteger(index) || family.children.length < 2) return family;
  return { ...family, children: family.children.filter((_, at) => at !== index) };
}

/** The signup the browser's cookie names while it may still change (unpaid), with its key. */
async function openSignup(signups: SignupService, request: FastifyRequest) {
  const key = signupFromCookie(request);
  const signup = key ? await readCookieSignup(signups, request) : undefined;
  return key && signup && !signup.paid ? { key, signup } : undefined;
}

/** A save refused because the signup ended meanwhile (expired, paid, out of order). */
const endsSignup = (error: unknown) =>
  isAppError(error) && error.status < 500 && error.code !== 'RATE_LIMITED';

/**
 * Where a refused package save sends the browser: a confirmed duplicate parent outside P0 to
 * /duplicate, a package this signup is not offered to `again` (the page), a signup that ended to
 * step 1. Anything else is thrown (the server could not take it now).
 */
function afterRefusedPackageSave(error: unknown, again: string): string {
  if (isAppError(error) && error.code === 'DUPLICATE_PARENT') return '/duplicate';
  if (error instanceof FieldValidationError) return again;
  if (endsSignup(error)) return '/step1';
  throw error;
}

type StepOneSave = { created?: { signupId: string; registrationKey: string } };

/**
 * Step 1 saved as the app saves it: the parent section of the signup this browser has (its
 * cookie), or a new signup when it has none the server still knows.
 */
async function saveStepOne(
  signups: SignupService,
  request: FastifyRequest,
  body: ReturnType<typeof stepOneToCreateRequest>,
  locale: Locale,
): Promise<StepOneSave> {
  const existing = signupFromCookie(request);
  if (existing) {
    const update = UpdateSignupRequestSchema.safeParse(body);
    if (!update.success) {
      throw new FieldValidationError(zodIssuesToValidationErrors(update.error.issues, locale));
    }
    try {
      const { validationErrors } = await signups.update(
        existing.signupId,
        existing.registrationKey,
        update.data,
        { locale, referrerKey: undefined },
      );
      if (hasBlockingErrors(validationErrors)) {
        throw new FieldValidationError(validationErrors);
      }
      return {};
    } catch (error) {
      // A signup the server no longer has (expired, paid, another key): this post starts a new one.
      if (!isAppError(error)) throw error;
    }
  }
  const create = CreateSignupRequestSchema.safeParse(body);
  if (!create.success) {
    throw new FieldValidationError(zodIssuesToValidationErrors(create.error.issues, locale));
  }
  return { created: await signups.create(create.data, { locale }) };
}

/**
 * The join forms as a browser without a script posts them (progressive enhancement): checked by
 * the same domain schema as the app's, saved by the same service as the API's, then the next step
 * (303), /duplicate for an email that has an account, or the same page with its problems (422).
 * A post from another site is refused: the form would otherwise save someone else's answers in
 * this browser's signup.
 */
export async function joinFormRoutes(app: FastifyInstance, opts: JoinFormsOptions): Promise<void> {
  const { signups, answerWithPage, secureCookies, createRateLimit } = opts;
  // Only these routes read form bodies: the API takes JSON alone (a form post cannot reach it).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, formFields(String(body))),
  );

  // What the server cannot take now (too many posts, the database away) is said on the form's page,
  // with what was typed still in it; anything else is answered as the API answers it.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const joinPath = request.url.split('?')[0]?.slice(JOIN_BASE.length) ?? '';
    const refusal = refusalOf(error);
    if (!refusal || !(joinPath in JOIN_FORMS)) return handleError(error, request, reply);
    const locale = pageLocale(request);
    if (refusal.status === 503) {
      request.log.error({ err: databaseUnavailableCause(error) }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    }
    const text = translateMessage(refusal.key, locale);
    const values = submittedValues(joinPath, request.body);
    const errors = [{ field: FORM_FIELD, text, type: 'ERROR' as const }];
    return answerWithPage(request, reply, { path: joinPath, values, errors }, refusal.status);
  });

  credentialsFormRoute(app, {
    signups,
    answerWithPage,
    secureCookies,
    postedCookie: () => postedCookie(secureCookies),
  });

  proFormRoute(app, { answerWithPage, secureCookies });

  await app.register(inviteFormRoutes, { answerWithPage });
  await app.register(inviteCredentialsFormRoute, { answerWithPage });

  await app.register(paymentFormRoutes, {
    answerWithPage,
    secureCookies,
    postedCookie: () => postedCookie(secureCookies),
  });

  app.post(
    `${JOIN_BASE}/step1`,
    {
      schema: { hide: true },
      // Counted once the body is read, so a refused post can still show what was typed.
      config: { rateLimit: { ...createRateLimit, hook: 'preHandler' } },
    },
    async (request, reply) => {
      if (!isSameOriginPost(request)) return sendProblem(reply, 'CROSS_SITE_FORM');
      const values = submittedValues('/step1', request.body);
      const answer = (errors: ValidationError[]) =>
        answerWithPage(request, reply, { path: '/step1', values, errors }, 422);
      const checked = StepOneFormSchema.safeParse(stepOneFieldsFromForm(values));
      // The page lists what the schema finds itself, from the values.
      if (!checked.success) return answer([]);
      const locale = pageLocale(request);
      const body = stepOneToCreateRequest(checked.data, { parentDuplicateConfirmed: false });
      try {
        const { created } = await saveStepOne(signups, request, body, locale);
        const posted = postedCookie(secureCookies);
        reply.header(
          'set-cookie',
          created ? [signupCookie(created, { secure: secureCookies }), posted] : posted,
        );
        return reply.redirect(`${JOIN_BASE}/step2`, 303);
      } catch (error) {
        if (!(error instanceof FieldValidationError)) throw error;
        if (error.validationErrors.some(isDuplicateParentError)) {
          return reply.redirect(`${JOIN_BASE}/duplicate`, 303);
        }
        return answer(error.validationErrors);
      }
    },
  );

  app.post(`${JOIN_BASE}/step2`, { schema: { hide: true } }, async (request, reply) => {
    if (!isSameOriginPost(request)) return sendProblem(reply, 'CROSS_SITE_FORM');
    const open = await openSignup(signups, request);
    // No signup this browser may still change: start again, as the app does.
    if (!open || open.signup.lastCompletedStep < 1)
      return reply.redirect(`${JOIN_BASE}/step1`, 303);
    const { key, signup } = open;
    const posted = (request.body ?? {}) as Record<string, unknown>;
    const values = submittedValues('/step2', posted);
    const family = familyFieldsFromForm(values);
    const page = (submission: Omit<JoinFormSubmission, 'path'>, status: number) =>
      answerWithPage(request, reply, { path: '/step2', ...submission }, status, signup);

    const rearranged = rearrangedFamily(posted[FAMILY_FORM_ACTION_FIELD], family);
    if (rearranged) {
      return page({ values: familyFormFields(rearranged), errors: [], checked: false }, 200);
    }
    const answer = (errors: ValidationError[]) => page({ values, errors }, 422);
    const checked = familyFormSchema(familyFormContextOfSignup(signup)).safeParse(family);
    if (!checked.success) return answer([]);
    const isConfirmed = posted[CO_PARENT_DUPLICATE_CONFIRMED_FIELD] === 'yes';
    const locale = pageLocale(request);
    const body = UpdateSignupRequestSchema.safeParse(
      familyFormToRequest(checked.data, { coParentDuplicateConfirmed: isConfirmed }),
    );
    if (!body.success) return answer(zodIssuesToValidationErrors(body.error.issues, locale));
    try {
      const { validationErrors } = await signups.update(
        key.signupId,
        key.registrationKey,
        body.data,
        {
          locale,
          referrerKey: undefined,
        },
      );
      if (hasBlockingErrors(validationErrors)) return answer(validationErrors);
      const duplicate = validationErrors.find(isDuplicateCoParentWarning);
      // The co-parent's email has an account: said once, Continue on the warning goes on.
      if (duplicate && !isConfirmed) return page({ values, errors: [duplicate] }, 200);
    } catch (error) {
      if (error instanceof FieldValidationError) return answer(error.validationErrors);
      if (endsSignup(error)) return reply.redirect(`${JOIN_BASE}/step1`, 303);
      throw error;
    }
    reply.header('set-cookie', postedCookie(secureCookies));
    return reply.redirect(`${JOIN_BASE}/step3`, 303);
  });

  app.post(`${JOIN_BASE}/step3`, { schema: { hide: true } }, async (request, reply) => {
    if (!isSameOriginPost(request)) return sendProblem(reply, 'CROSS_SITE_FORM');
    const open = await openSignup(signups, request);
    if (!open) return reply.redirect(`${JOIN_BASE}/step1`, 303);
    const { key, signup } = open;
    if (!canEnterStep(3, signup.lastCompletedStep)) {
      const next = pathForStep(nextIncompleteStep(signup.lastCompletedStep));
      return reply.redirect(`${JOIN_BASE}${next}`, 303);
    }
    const posted = (request.body ?? {}) as Record<string, unknown>;
    const packageId = Number(posted[PACKAGE_CHOICE_FIELD]);
    // No package the page offered (a tampered post): the cards again.
    if (!Number.isSafeInteger(packageId) || packageId <= 0) {
      return reply.redirect(`${JOIN_BASE}/step3`, 303);
    }
    const locale = pageLocale(request);
    const body = UpdateSignupRequestSchema.safeParse({
      sections: ['PACKAGE'],
      order: { packageId },
    });
    if (!body.success) return reply.redirect(`${JOIN_BASE}/step3`, 303);
    try {
      await signups.update(key.signupId, key.registrationKey, body.data, {
        locale,
        referrerKey: undefined,
      });
    } catch (error) {
      return reply.redirect(`${JOIN_BASE}${afterRefusedPackageSave(error, '/step3')}`, 303);
    }
    const saved = await signups.get(key.signupId, key.registrationKey);
    reply.header('set-cookie', postedCookie(secureCookies));
    // A build-your-own package's options are chosen next.
    const next = saved.pendingBuildYourOwnPackageId ? '/alacarte' : '/payment';
    return reply.redirect(`${JOIN_BASE}${next}`, 303);
  });

  app.post(`${JOIN_BASE}/alacarte`, { schema: { hide: true } }, async (request, reply) => {
    if (!isSameOriginPost(request)) return sendProblem(reply, 'CROSS_SITE_FORM');
    const open = await openSignup(signups, request);
    if (!open) return reply.redirect(`${JOIN_BASE}/step1`, 303);
    const { key, signup } = open;
    if (!buildYourOwnChoiceOfSignup(signup) || !canEnterStep(3, signup.lastCompletedStep)) {
      return reply.redirect(`${JOIN_BASE}/step3`, 303);
    }
    const choice = buildYourOwnChoiceFromForm((request.body ?? {}) as Record<string, unknown>);
    if (!choice) return reply.redirect(`${JOIN_BASE}/alacarte`, 303);
    const body = UpdateSignupRequestSchema.safeParse({
      sections: ['PACKAGE'],
      order: { packageId: choice.packageId },
      buildYourOwn: choice.values,
    });
    if (!body.success) return reply.redirect(`${JOIN_BASE}/alacarte`, 303);
    try {
      await signups.update(key.signupId, key.registrationKey, body.data, {
        locale: pageLocale(request),
        referrerKey: undefined,
      });
    } catch (error) {
      return reply.redirect(`${JOIN_BASE}${afterRefusedPackageSave(error, '/alacarte')}`, 303);
    }
    reply.header('set-cookie', postedCookie(secureCookies));
    return reply.redirect(`${JOIN_BASE}/payment`, 303);
  });
}

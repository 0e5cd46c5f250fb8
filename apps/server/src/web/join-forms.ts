import {
  CreateSignupRequestSchema,
  FORM_FIELD,
  hasBlockingErrors,
  isDuplicateParentError,
  type Locale,
  type MessageKey,
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
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FieldValidationError, isAppError } from '../errors.js';
import { serializeCookie } from '../http/cookies.js';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailableCause,
} from '../http/database-unavailable.js';
import { handleError, sendProblem } from '../http/error-handler.js';
import { pageLocale } from '../http/locale.js';
import type { RouteRateLimit } from '../http/per-minute.js';
import type { SignupService } from '../modules/signup/service.js';
import { signupCookie, signupFromCookie } from '../modules/signup/signup-cookie.js';
import { JOIN_BASE } from './join-base.js';
import { isSameOriginPost } from './same-origin.js';

/** What a join page's form posted, as the page shows it again: its own fields, as text. */
export type JoinFormSubmission = {
  path: string;
  values: Record<string, string>;
  errors: ValidationError[];
};

/**
 * Answers the form's page again with the submission (the problems listed, the values kept), with
 * the status that says why: 422 for the person's answers, 429 or 503 when the server could not
 * take them now.
 */
export type AnswerWithPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  submission: JoinFormSubmission,
  status: number,
) => Promise<FastifyReply>;

type JoinFormsOptions = {
  signups: SignupService;
  answerWithPage: AnswerWithPage;
  secureCookies: boolean;
  /** The same limit as the API's signup create: a post is one. */
  createRateLimit: RouteRateLimit;
};

/** A form body's fields: a name sent twice keeps its first value (no join form repeats one). */
function formFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (!(name in fields)) fields[name] = value;
  }
  return fields;
}

/** Each form a page posts (its join path), and the fields it shows again. */
const JOIN_FORMS: Record<string, readonly string[]> = {
  '/step1': STEP_ONE_FORM_FIELDS,
};

/** The form's own fields of a posted body, as text (anything else is left out). */
function submittedValues(joinPath: string, body: unknown): Record<string, string> {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const picked: Record<string, string> = {};
  for (const name of JOIN_FORMS[joinPath] ?? []) {
    const value = fields[name];
    if (typeof value === 'string') picked[name] = value;
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
        const posted = serializeCookie(SIGNUP_POSTED_COOKIE, '1', {
          maxAgeSeconds: SIGNUP_POSTED_COOKIE_MAX_AGE_SECONDS,
          secure: secureCookies,
          httpOnly: false,
        });
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
}

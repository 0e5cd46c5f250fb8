import {
  FORM_FIELD,
  isActivityStart,
  type Locale,
  type MessageKey,
  type PostedFormFields,
  PRO_ACTIVITY_START_FIELD,
  PRO_FORM_ACTION_FIELD,
  PRO_FORM_BACK,
  PRO_FORM_DONE,
  PRO_FORM_PATH,
  PRO_FORM_STEP_FIELD,
  PRO_FORM_UPDATE,
  PRO_FORM_USER_FIELD,
  PRO_STEP_SCHEMAS,
  type ProFormStep,
  type ProfessionalUser,
  ProfessionalUserSchema,
  proCreateRequestFromForm,
  proFormCarriedValues,
  proFormStepOf,
  proStepOfField,
  proStepValuesFromForm,
  translateMessage,
  type ValidationError,
  zodIssuesToValidationErrors,
} from '@coparent/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from '../http/error-handler.js';
import { JOIN_BASE } from '../http/join-base.js';
import { pageLocale } from '../http/locale.js';
import type { AnswerWithPage } from './form-answer.js';
import { type ApiAnswer, ownApiCaller, validationErrorsOf } from './own-api.js';
import { proCreatedCookie, proCreatedWith } from './pro-created-cookie.js';
import { isSameOriginPost } from './same-origin.js';

/** The API's refusals the page states in its own words: the person can only wait and try again. */
const WAIT_MESSAGES: Partial<Record<number, MessageKey>> = {
  429: 'form_tooManyAttempts_error',
  503: 'form_saveUnavailable_error',
};

type ProPost = {
  fields: PostedFormFields;
  locale: Locale;
  api: ReturnType<typeof ownApiCaller>;
  /** The page showing `step` (or the success), with the problems listed. */
  page: (
    step: ProFormStep | typeof PRO_FORM_DONE,
    errors: ValidationError[],
    status: number,
    extra?: Record<string, string>,
  ) => Promise<FastifyReply>;
  reply: FastifyReply;
  request: FastifyRequest;
  secureCookies: boolean;
};

/**
 * POST /app/join/pro: a step of the professional registration posted as a form (a browser
 * without a script). The step is checked by the domain's schema the app uses, then by the same
 * validator call as the app's (its rate limit and texts), and answered with the next step, whose
 * form carries the earlier steps in hidden fields (never the security answer or code); step 3
 * creates the professional through the API's create and answers the success page. A refusal
 * answers the same step with its problems (422). Back answers the step before, nothing checked.
 */
export function proFormRoute(
  app: FastifyInstance,
  opts: { answerWithPage: AnswerWithPage; secureCookies: boolean },
): void {
  const { answerWithPage, secureCookies } = opts;
  app.post(`${JOIN_BASE}${PRO_FORM_PATH}`, { schema: { hide: true } }, async (request, reply) => {
    if (!isSameOriginPost(request)) return sendProblem(reply, 'CROSS_SITE_FORM');
    const fields = (request.body ?? {}) as PostedFormFields;
    const carried = proFormCarriedValues(fields);
    const post: ProPost = {
      fields,
      locale: pageLocale(request),
      api: ownApiCaller(app, request),
      page: (step, errors, status, extra = {}) =>
        answerWithPage(
          request,
          reply,
          {
            path: PRO_FORM_PATH,
            // The success page carries nothing of the form: only the created professional.
            values: {
              ...(step === PRO_FORM_DONE ? {} : carried),
              [PRO_FORM_STEP_FIELD]: String(step),
              ...extra,
            },
            errors,
          },
          status,
        ),
      reply,
      request,
      secureCookies,
    };
    const step = proFormStepOf(fields);
    if (fields[PRO_FORM_ACTION_FIELD] === PRO_FORM_BACK) {
      return post.page(Math.max(1, step - 1) as ProFormStep, [], 200);
    }
    if (fields[PRO_FORM_ACTION_FIELD] === PRO_FORM_UPDATE) return post.page(step, [], 200);
    const checked = await checkStep(post, step);
    if (checked) return checked;
    return step === 3 ? create(post) : post.page((step + 1) as ProFormStep, [], 200);
  });
}

const formError = (text: string): ValidationError => ({ field: FORM_FIELD, text, type: 'ERROR' });

/** One message per top-level field (a list such as roles reports on itself), in the language. */
function schemaErrors(step: ProFormStep, fields: PostedFormFields, locale: Locale) {
  const checked = PRO_STEP_SCHEMAS[step].safeParse(proStepValuesFromForm(step, fields));
  if (checked.success) return { data: checked.data as Record<string, unknown>, errors: [] };
  const errors = zodIssuesToValidationErrors(checked.error.issues, locale).map((error) => ({
    ...error,
    field: error.field.split('.')[0] ?? error.field,
  }));
  return { data: undefined, errors };
}

/** A refusal the person can only wait out, or our generic one: said at the top of the step. */
function refusalText(answer: ApiAnswer, locale: Locale): string {
  const key = WAIT_MESSAGES[answer.status] ?? 'genericErrorMessage';
  return translateMessage(key, locale);
}

/** The step checked by its schema, then by the validator: the page with problems, or undefined. */
async function checkStep(post: ProPost, step: ProFormStep): Promise<FastifyReply | undefined> {
  const { fields, locale } = post;
  const checked = schemaErrors(step, fields, locale);
  if (!checked.data) return post.page(step, checked.errors, 422);
  const started = fields[PRO_ACTIVITY_START_FIELD];
  const answer = await post.api(
    'POST',
    '/v2/professional/users/validator',
    { step, values: checked.data },
    typeof started === 'string' && isActivityStart(started) ? { 'x-activity-start': started } : {},
  );
  if (answer.status === 200) return undefined;
  const errors = validationErrorsOf(answer);
  if (answer.status === 409 && errors.length > 0) return post.page(step, errors, 422);
  return post.page(step, [formError(refusalText(answer, locale))], refused(answer));
}

/** The status a page answering a refusal of ours carries: the API's own, or 503. */
const refused = (answer: ApiAnswer) => (answer.status === 429 ? 429 : 503);

/** Step 3 accepted: the professional created (once per browser and email), then the success. */
async function create(post: ProPost): Promise<FastifyReply> {
  const { fields, locale, request } = post;
  const built = proCreateRequestFromForm(fields);
  if (!built.ok) {
    return post.page(built.step, schemaErrors(built.step, fields, locale).errors, 422);
  }
  // A reload of the success page posts step 3 again: the same success, not a second create.
  const already = proCreatedWith(request, built.request.email);
  if (already) return success(post, already);
  const answer = await post.api('POST', '/v2/professional/users', built.request);
  if (answer.status === 201) {
    const user = ProfessionalUserSchema.parse(answer.body.user);
    post.reply.header('set-cookie', proCreatedCookie(user, { secure: post.secureCookies }));
    return success(post, user);
  }
  const errors = validationErrorsOf(answer);
  if ((answer.status === 409 || answer.status === 422) && errors.length > 0) {
    // Back to the step that owns the first field the create refused.
    const step = errors.map((error) => proStepOfField(error.field)).find(Boolean) ?? 3;
    const own = errors.filter((error) => (proStepOfField(error.field) ?? 3) === step);
    return post.page(step, own, 422);
  }
  return post.page(3, [formError(refusalText(answer, locale))], refused(answer));
}

function success(post: ProPost, user: ProfessionalUser): Promise<FastifyReply> {
  post.reply.header('cache-control', 'no-store');
  return post.page(PRO_FORM_DONE, [], 200, { [PRO_FORM_USER_FIELD]: JSON.stringify(user) });
}

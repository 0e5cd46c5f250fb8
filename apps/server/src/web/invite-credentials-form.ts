import {
  afterInviteCredentials,
  INVITE_PATHS,
  InviteCredentialsTokenResponseSchema,
  type InviteCredentialsValues,
  InvitedUserSchema,
  inviteCredentialsFieldsFromForm,
  inviteCredentialsSchema,
  inviteCredentialsUpdateRequest,
  supportPhoneFor,
  type ValidationError,
  zodIssuesToValidationErrors,
} from '@coparent/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { JOIN_BASE } from '../http/join-base.js';
import { pageLocale } from '../http/locale.js';
import type { AnswerWithPage } from './form-answer.js';
import { openInvite, refusedSave } from './invite-form-open.js';
import { submittedInviteValues } from './invite-forms.js';
import { type ApiAnswer, type OwnApiCall, validationErrorsOf } from './own-api.js';

/**
 * Where a finished invite goes (a URL of the site): its receipt when the co-parent, logged in, has
 * one of their own; else the account home. `cookie` is the login to ask with, when the browser's
 * cookie does not hold it yet (it was just opened).
 */
async function afterCredentials(api: OwnApiCall, cookie?: string): Promise<string> {
  const home = await api('GET', '/v2/account/home', undefined, cookie ? { cookie } : {});
  const receipts = home.status === 200 ? home.body.receipts : undefined;
  const next = afterInviteCredentials({
    hasOwnReceipt: Array.isArray(receipts) && receipts.length > 0,
  });
  return next === INVITE_PATHS.receipt ? `${JOIN_BASE}${next}` : next;
}

/** The `name=value` of each cookie an answer sets, as a request would send them back. */
const cookiePairs = (setCookies: readonly string[]) =>
  setCookies.map((cookie) => cookie.split(';')[0]?.trim() ?? '').join('; ');

/**
 * The username and password set with a credentials token asked for with the invite's cookie,
 * just before (POST /v2/users/:id/credentials-token, then POST /v2/credentials): the token lives
 * only in this call, never in a page, an address or a log. A token refused meanwhile is asked
 * again once, as the app does. Answers the credentials call, or the token call that was refused.
 */
async function setCredentials(
  api: OwnApiCall,
  userPath: string,
  credentials: InviteCredentialsValues['credentials'],
): Promise<ApiAnswer> {
  let answer: ApiAnswer | undefined;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const minted = await api('POST', `${userPath}/credentials-token`, undefined);
    if (minted.status !== 200) return minted;
    const { clickToJoinToken } = InviteCredentialsTokenResponseSchema.parse(minted.body);
    answer = await api('POST', '/v2/credentials', credentials, {
      authorization: `Bearer ${clickToJoinToken}`,
    });
    if (answer.status !== 401 || answer.body.code !== 'CREDENTIALS_TOKEN_INVALID') return answer;
  }
  return answer as ApiAnswer;
}

/**
 * POST /app/join/invite/credentials: the invited co-parent's last form as a browser without a
 * script posts it, for the invite the browser's cookie names once it may set its credentials
 * (`inviteScreenRedirect`). Checked by the domain's `inviteCredentialsSchema`, then the app's own
 * calls in the app's order, each through this server's API with the browser's cookie: the terms
 * (when not yet agreed), the marketing opt-in (when ticked), the referral and security
 * (PATCH /v2/users/:id), then the username and password. The login the credentials open is the
 * browser's (their answer's cookie passed on), then 303 to the co-parent's receipt, or the account
 * home when they paid nothing themselves. Refused, the page again (422 with every problem as text,
 * what was typed kept but the password, answer and code; 429/503 with the wait). A post from
 * another site is refused; a post of an invite already finished (an answer lost) goes where a
 * finished one goes.
 */
export async function inviteCredentialsFormRoute(
  app: FastifyInstance,
  opts: { answerWithPage: AnswerWithPage },
): Promise<void> {
  const { answerWithPage } = opts;

  app.post(
    `${JOIN_BASE}${INVITE_PATHS.credentials}`,
    { schema: { hide: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const open = await openInvite(
        app,
        request,
        reply,
        INVITE_PATHS.credentials,
        async (refused, api) =>
          refused.isCompleted ? reply.redirect(await afterCredentials(api), 303) : undefined,
      );
      if (!('context' in open)) return open;
      const { context, api } = open;
      const locale = pageLocale(request);
      const values = submittedInviteValues(INVITE_PATHS.credentials, request.body);
      const page = (errors: ValidationError[], status: number) =>
        answerWithPage(request, reply, { path: INVITE_PATHS.credentials, values, errors }, status);

      const userPath = `/v2/users/${encodeURIComponent(context.userId)}`;
      const read = await api('GET', userPath, undefined);
      if (read.status !== 200) return refusedSave(request, reply, read, page);
      const user = InvitedUserSchema.parse(read.body);
      const needsTerms = !context.agreedToTerms;
      const posted = (request.body ?? {}) as Record<string, unknown>;
      const checked = inviteCredentialsSchema({ email: user.email, needsTerms }).safeParse(
        inviteCredentialsFieldsFromForm(posted),
      );
      // The secrets are not written in the page again: every problem travels as text.
      if (!checked.success) {
        const country = user.address.country ?? context.address.country ?? undefined;
        const phone = supportPhoneFor(country).display;
        return page(zodIssuesToValidationErrors(checked.error.issues, locale, { phone }), 422);
      }
      const form: InviteCredentialsValues = checked.data;

      if (needsTerms) {
        const terms = await api('POST', `${userPath}/terms`, undefined);
        if (terms.status !== 200) return refusedSave(request, reply, terms, page);
      }
      if (form.consent.marketingOptIn) {
        const optIn = await api('PUT', `${userPath}/marketing-opt-in`, true);
        if (optIn.status !== 200) return refusedSave(request, reply, optIn, page);
      }
      const saved = await api('PATCH', userPath, inviteCredentialsUpdateRequest(form));
      if (saved.status !== 200) return refusedSave(request, reply, saved, page);
      const problems = validationErrorsOf(saved);
      if (problems.length > 0) return page(problems, 422);

      const set = await setCredentials(api, userPath, form.credentials);
      if (set.status === 409 && set.body.code === 'CREDENTIALS_ALREADY_SET') {
        return reply.redirect(await afterCredentials(api), 303);
      }
      if (set.status !== 200) return refusedSave(request, reply, set, page);
      // The login the credentials opened is the browser's now.
      reply.header('cache-control', 'no-store');
      if (set.setCookies.length > 0) reply.header('set-cookie', set.setCookies);
      return reply.redirect(await afterCredentials(api, cookiePairs(set.setCookies)), 303);
    },
  );
}

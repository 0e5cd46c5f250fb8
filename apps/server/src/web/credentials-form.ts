import {
  CREDENTIALS_TOKEN_FIELD,
  credentialsSchema,
  translateMessage,
  type ValidationError,
  zodIssuesToValidationErrors,
} from '@coparent/domain';
import type { FastifyInstance } from 'fastify';
import { FieldValidationError, isAppError } from '../errors.js';
import { serializeCookie } from '../http/cookies.js';
import { sendProblem } from '../http/error-handler.js';
import { JOIN_BASE } from '../http/join-base.js';
import { pageLocale } from '../http/locale.js';
import { perMinute } from '../http/per-minute.js';
import {
  clearedCredentialsTokenCookie,
  credentialsTokenFromCookie,
} from '../modules/credentials/credentials-cookie.js';
import { createCredentialsService } from '../modules/credentials/service.js';
import type { SignupService } from '../modules/signup/service.js';
import { readCookieSignup } from '../modules/signup/signup-cookie.js';
import type { AnswerWithPage } from './form-answer.js';
import { isSameOriginPost } from './same-origin.js';

/** The path the page posts to, under the join base. */
export const CREDENTIALS_FORM_PATH = '/credentials';

/** The posted username (the only field a page answering the post shows again). */
export function credentialsFormValues(body: unknown): Record<string, string> {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return typeof fields.username === 'string' ? { username: fields.username } : {};
}

/**
 * POST /app/join/credentials: the username and password form of a browser without a script,
 * with the credentials token of its payment in its HttpOnly cookie (never in the page). Checked by
 * the domain's schema, set by the same service as POST /v2/credentials (its rate limit too), then
 * logged in as the app logs in, the cookie cleared and 303 to the receipt; or the page again
 * (422) with the username kept (never the password) and the problems as text, or (401) with the
 * banner of a token used, expired or unknown. Registered inside the join forms' plugin, the only
 * one that reads form bodies.
 */
export function credentialsFormRoute(
  app: FastifyInstance,
  opts: {
    signups: SignupService;
    answerWithPage: AnswerWithPage;
    secureCookies: boolean;
    /** Says the funnel is posted as forms: the receipt is written by the server (an hour more). */
    postedCookie: () => string;
  },
): void {
  const { signups, answerWithPage, secureCookies, postedCookie } = opts;
  const { config } = app;
  const service = createCredentialsService({
    db: app.database.db,
    now: app.now,
    sessionTtlHours: config.checkout.sessionTtlHours,
    loginLockout: config.loginLockout,
    sharedCounters: app.sharedCounters,
    metrics: app.counters,
  });
  const sessionCookieName = app.sessionAuth.cookieName;

  app.post(
    `${JOIN_BASE}${CREDENTIALS_FORM_PATH}`,
    {
      schema: { hide: true },
      // Counted once the body is read, so a refused post still shows the username typed.
      config: {
        rateLimit: { ...perMinute(config.rateLimit.credentialsPerMinute), hook: 'preHandler' },
      },
    },
    async (request, reply) => {
      if (!isSameOriginPost(request)) return sendProblem(reply, 'CROSS_SITE_FORM');
      const token = credentialsTokenFromCookie(request);
      // No payment's token in this browser: the page says where the emailed link is.
      if (!token) return reply.redirect(`${JOIN_BASE}${CREDENTIALS_FORM_PATH}`, 303);
      const signup = await readCookieSignup(signups, request);
      const paid = signup?.paid ? signup : undefined;
      const locale = pageLocale(request);
      const values = credentialsFormValues(request.body);
      const page = (errors: ValidationError[], status: number) =>
        answerWithPage(
          request,
          reply,
          { path: CREDENTIALS_FORM_PATH, values, errors },
          status,
          paid,
        );

      const posted = (request.body ?? {}) as Record<string, unknown>;
      const checked = credentialsSchema({ email: paid?.parent.email }).safeParse({
        username: typeof posted.username === 'string' ? posted.username : '',
        password: typeof posted.password === 'string' ? posted.password : '',
      });
      // The password is not written in the page again: its problems travel as text.
      if (!checked.success) {
        return page(zodIssuesToValidationErrors(checked.error.issues, locale), 422);
      }
      try {
        await service.setCredentials(token, checked.data, { locale });
      } catch (error) {
        if (error instanceof FieldValidationError) return page(error.validationErrors, 422);
        if (!isAppError(error) || error.code !== 'CREDENTIALS_TOKEN_INVALID') throw error;
        // The token can no longer set anything: the cookie goes, the page says how to log in.
        reply.header('set-cookie', clearedCredentialsTokenCookie({ secure: secureCookies }));
        const text = translateMessage('credentials_tokenInvalid_error', locale);
        return page([{ field: CREDENTIALS_TOKEN_FIELD, text, type: 'ERROR' }], 401);
      }

      const cookies = [clearedCredentialsTokenCookie({ secure: secureCookies }), postedCookie()];
      // Logged in as the app logs in after the credentials; a failure leaves the login to later.
      try {
        const session = await service.login(checked.data);
        cookies.push(
          serializeCookie(sessionCookieName, session.sessionToken, {
            maxAgeSeconds: session.maxAgeSeconds,
            secure: secureCookies,
          }),
        );
      } catch (error) {
        request.log.warn({ code: isAppError(error) ? error.code : 'UNKNOWN' }, 'login failed');
      }
      reply.header('cache-control', 'no-store').header('set-cookie', cookies);
      return reply.redirect(`${JOIN_BASE}/receipt`, 303);
    },
  );
}

import { ResumeSignupRequestSchema, SignupStateSchema } from '@coparent/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteRateLimit } from '../../http/per-minute.js';
import { errorResponses } from '../../http/schemas.js';
import { signupCookie } from '../signup/signup-cookie.js';
import type { createSignupResume } from './service.js';

export type SignupResumeRoutesOptions = {
  service: ReturnType<typeof createSignupResume>;
  rateLimit: RouteRateLimit;
  cookie: { secure: boolean };
};

/** POST /v2/signups/resume: the resume email's link, used in any browser. */
export const signupResumeRoutes: FastifyPluginAsyncZod<SignupResumeRoutesOptions> = async (
  app,
  { service, rateLimit, cookie },
) => {
  app.post(
    '/resume',
    {
      config: { rateLimit },
      schema: {
        tags: ['signup'],
        summary: "Reopen an unfinished signup with the resume email's link",
        description:
          'The token of the resume email (`/app/join/resume?token=…`), sent in the body so it ' +
          'stays out of URLs and logs. Single use: the signup gets a new registration key, set ' +
          'in the HttpOnly `coparent_signup` cookie, and the earlier key and the link stop ' +
          'working. Answers the signup as GET reads it, so the browser opens its next step. ' +
          '410 RESUME_LINK_INVALID for an unknown, used or expired link, or a paid signup.',
        body: ResumeSignupRequestSchema,
        response: { 200: SignupStateSchema, ...errorResponses(410, 422, 429) },
      },
    },
    async (request, reply) => {
      const { key, signup } = await service.resume(request.body.token);
      reply.header('set-cookie', signupCookie(key, cookie));
      return signup;
    },
  );
};

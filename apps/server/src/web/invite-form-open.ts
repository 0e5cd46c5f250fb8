import {
  FORM_FIELD,
  INVITE_PATHS,
  type InvitedContext,
  InvitedContextSchema,
  type InvitePath,
  inviteScreenRedirect,
  isInviteCompletedProblem,
  type MessageKey,
  translateMessage,
  type ValidationError,
} from '@coparent/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from '../http/error-handler.js';
import { JOIN_BASE } from '../http/join-base.js';
import { pageLocale } from '../http/locale.js';
import { type ApiAnswer, type OwnApiCall, ownApiCaller, validationErrorsOf } from './own-api.js';
import { isSameOriginPost } from './same-origin.js';

// What every invite form posted without a script does first (its invite, its progress) and how it
// answers a save the API refused: shared by the invite's forms (invite-forms.ts) and its
// credentials (invite-credentials-form.ts).

type InviteOfCookie =
  | { kind: 'invite'; context: InvitedContext }
  /**
   * Refused (none, expired, replaced, finished): where the app would send the person, and whether
   * the invite is finished (its credentials set).
   */
  | { kind: 'refused'; path: InvitePath; isCompleted: boolean };

/**
 * The invite the browser's HttpOnly cookie names, as the app reads it (`GET /v2/invites/current`
 * through this server's API with the browser's cookie): the one check of the token, every post.
 */
export async function inviteOfCookie(api: OwnApiCall): Promise<InviteOfCookie> {
  const answer = await api('GET', '/v2/invites/current', undefined);
  if (answer.status === 200) {
    const context = InvitedContextSchema.safeParse(answer.body);
    if (context.success) return { kind: 'invite', context: context.data };
  }
  if (answer.status >= 500) throw new Error(`invite form: the API answered ${answer.status}`);
  // A finished invite's welcome says "You're all set"; any other refusal asks for a new link.
  return {
    kind: 'refused',
    path: answer.status === 403 ? INVITE_PATHS.request : INVITE_PATHS.welcome,
    isCompleted: isInviteCompletedProblem(answer.body),
  };
}

/** A post's invite, open to its screen: its context and the API as the browser calls it. */
export type OpenInvite = { context: InvitedContext; api: OwnApiCall };

/**
 * The post's invite, once it may post this screen (`inviteScreenRedirect`, the app's own entry
 * rules); else the reply that sent it elsewhere. A post from another site is refused. `onRefused`
 * answers a refused invite its own way (else 303 where the app would send the person).
 */
export async function openInvite(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  path: InvitePath,
  onRefused?: (
    refused: Extract<InviteOfCookie, { kind: 'refused' }>,
    api: OwnApiCall,
  ) => Promise<FastifyReply | undefined>,
): Promise<OpenInvite | FastifyReply> {
  if (!isSameOriginPost(request)) return sendProblem(reply, 'CROSS_SITE_FORM');
  const api = ownApiCaller(app, request);
  const invite = await inviteOfCookie(api);
  if (invite.kind === 'refused') {
    const answered = await onRefused?.(invite, api);
    return answered ?? reply.redirect(`${JOIN_BASE}${invite.path}`, 303);
  }
  const elsewhere = inviteScreenRedirect(path, invite.context);
  if (elsewhere) return reply.redirect(`${JOIN_BASE}${elsewhere}`, 303);
  return { context: invite.context, api };
}

/** The API's refusals a page states in its own words: the person can only wait and try again. */
const WAIT_MESSAGES: Partial<Record<number, MessageKey>> = {
  429: 'form_tooManyAttempts_error',
  503: 'form_saveUnavailable_error',
};

/**
 * A save the API refused: the page with the reason (422 with the field problems, 429/503 with the
 * wait), or the visit's end (a new link). Anything else is the server's own failure.
 */
export function refusedSave(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: ApiAnswer,
  page: (errors: ValidationError[], status: number) => Promise<FastifyReply>,
) {
  if (answer.status === 403 || answer.status === 404) {
    return reply.redirect(`${JOIN_BASE}${INVITE_PATHS.request}`, 303);
  }
  const wait = WAIT_MESSAGES[answer.status];
  if (wait) {
    if (answer.status === 503) reply.header('retry-after', '5');
    const text = translateMessage(wait, pageLocale(request));
    return page([{ field: FORM_FIELD, text, type: 'ERROR' }], answer.status);
  }
  const errors = validationErrorsOf(answer);
  if (answer.status === 422 && errors.length > 0) return page(errors, 422);
  throw new Error(`invite form: the API answered ${answer.status}`);
}

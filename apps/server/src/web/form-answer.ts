import type { SignupState, ValidationError } from '@coparent/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What a join page's form posted, as the page shows it again: its own fields, as text. */
export type JoinFormSubmission = {
  path: string;
  values: Record<string, string>;
  errors: ValidationError[];
  /** False when the page only shows the values again (a child added or removed): no problems. */
  checked?: boolean;
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
  /** The signup the form is for (a later step's page is written with it). */
  signup?: SignupState,
) => Promise<FastifyReply>;

import { z } from 'zod';
import { errorKey, fieldIssue } from '../validation/fields.js';
import {
  answerEqualsQuestion,
  securityAnswerSchema,
  securityCodeSchema,
  securityQuestionSchema,
} from '../validation/security.js';

const securityShape = {
  securityQuestion: securityQuestionSchema,
  securityAnswer: securityAnswerSchema,
  securityCode: securityCodeSchema,
};

type SecurityCore = { securityQuestion: string; securityAnswer: string; securityCode: string };

function checkSecurity<C extends string>(
  value: SecurityCore & Record<C, string>,
  confirmField: C,
  ctx: z.RefinementCtx,
): void {
  if (answerEqualsQuestion(value.securityQuestion, value.securityAnswer)) {
    fieldIssue(ctx, ['securityAnswer'], 'signup_securityAnswerSame_error');
  }
  if (value[confirmField] !== value.securityCode) {
    fieldIssue(ctx, [confirmField], 'codeConfirm');
  }
}

/** Security question, answer, 4-digit code and its confirmation (invited credentials page). */
export const SecuritySchema = z
  .object(
    { ...securityShape, confirmCode: z.string(errorKey('codeConfirm')) },
    errorKey('invalidValue'),
  )
  .superRefine((value, ctx) => checkSecurity(value, 'confirmCode', ctx));
export type Security = z.infer<typeof SecuritySchema>;

/** Professional step 3: the same rules, the confirmation is called securityCodeConfirm. */
export const ProStepThreeSchema = z
  .object(
    { ...securityShape, securityCodeConfirm: z.string(errorKey('codeConfirm')) },
    errorKey('invalidValue'),
  )
  .superRefine((value, ctx) => checkSecurity(value, 'securityCodeConfirm', ctx));
export type ProStepThree = z.infer<typeof ProStepThreeSchema>;

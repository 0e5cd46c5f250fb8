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

/** The security fields and the code's confirmation, under the name the form gives it. */
function securitySchema<const C extends string>(confirmField: C) {
  const confirm = { [confirmField]: z.string(errorKey('codeConfirm')) } as Record<C, z.ZodString>;
  return (
    z
      .object({ ...securityShape, ...confirm }, errorKey('invalidValue'))
      // zod cannot infer a generic key's output; the shape above is exactly this.
      .superRefine((value, ctx) =>
        checkSecurity(value as SecurityCore & Record<C, string>, confirmField, ctx),
      )
  );
}

/** Security question, answer, 4-digit code and its confirmation (invited credentials page). */
export const SecuritySchema = securitySchema('confirmCode');
export type Security = z.infer<typeof SecuritySchema>;

/** Professional step 3: the same rules, the confirmation is called securityCodeConfirm. */
export const ProStepThreeSchema = securitySchema('securityCodeConfirm');
export type ProStepThree = z.infer<typeof ProStepThreeSchema>;

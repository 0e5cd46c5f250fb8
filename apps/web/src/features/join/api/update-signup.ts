import type { UpdateSignupRequestSchema, ValidationError } from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { patchSignup } from '@/api/patch-signup';
import { referrerKeyHeader } from '@/lib/discount-link';
import type { SignupKey } from '@/stores/funnel-store';

export type UpdateSignupInput = SignupKey & {
  /** A section as sent (before the schema's defaults), e.g. PACKAGE without `buildYourOwn`. */
  body: z.input<typeof UpdateSignupRequestSchema>;
};

/**
 * What a save answered: its validation errors, and the raw answer for the sections whose extras
 * the caller reads (the PACKAGE save's signup and price: `readPackageSaveAnswer`). Only the
 * errors are parsed here, so steps 1 and 2 do not load the signup's whole schema.
 */
type UpdateSignupResult = { validationErrors: ValidationError[]; answer: unknown };

export async function updateSignup(input: UpdateSignupInput): Promise<UpdateSignupResult> {
  const answer = await patchSignup({
    ...input,
    // A discount link's referrer key rides on the family step (the server decides if it counts).
    headers: input.body.sections[0] === 'FAMILY' ? referrerKeyHeader() : undefined,
  });
  const { ValidationErrorsResponseSchema } = await import('@/lib/signup-schemas');
  const parsed = ValidationErrorsResponseSchema.safeParse(answer);
  return { validationErrors: parsed.success ? parsed.data.validationErrors : [], answer };
}

export function useUpdateSignup() {
  return useMutation({ mutationKey: ['signups', 'update'], mutationFn: updateSignup });
}

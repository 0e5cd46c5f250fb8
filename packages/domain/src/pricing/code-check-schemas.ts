import { z } from 'zod';
import { errorKey } from '../validation/fields.js';
import { SUBSCRIPTION_CODE_MAX_LENGTH } from './code-check.js';

// Apart from code-check.ts (why a code is refused), so the code box does not load zod with it.

/** POST /v2/signups/{id}/codes/check: one code, checked against every package offered. */
export const CodeCheckRequestSchema = z.object(
  {
    code: z
      .string(errorKey('code_unknown_error'))
      .trim()
      .min(1, errorKey('code_unknown_error'))
      .max(SUBSCRIPTION_CODE_MAX_LENGTH, errorKey('code_unknown_error')),
  },
  errorKey('invalidValue'),
);
export type CodeCheckRequest = z.infer<typeof CodeCheckRequestSchema>;

/** The packages the code pays for, with what it covers of each (amounts formatted). */
export const CodeCheckResponseSchema = z.object({
  code: z.string(),
  packages: z.array(
    z.object({
      packageId: z.number().int(),
      /** The code pays the whole price (nothing left to pay by card). */
      isFullyCovered: z.boolean(),
      amountFormatted: z.string(),
    }),
  ),
});
export type CodeCheckResponse = z.infer<typeof CodeCheckResponseSchema>;

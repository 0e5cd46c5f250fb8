import { z } from 'zod';
import { VALIDATION_ERROR_TYPES } from './validation-error-rules.js';

// The schemas only: what a page uses without reading an answer (the duplicate fields, the checks
// on a list of errors) is in validation-error-rules.ts, so it does not load zod with it.
export * from './validation-error-rules.js';

export const ValidationErrorSchema = z.object({
  field: z.string(),
  text: z.string(),
  type: z.enum(VALIDATION_ERROR_TYPES).optional(),
  /** The message key `text` was written from, where a client acts on the reason (a refused code). */
  key: z.string().optional(),
});
export type ValidationError = z.infer<typeof ValidationErrorSchema>;

export const ValidationErrorsResponseSchema = z.object({
  validationErrors: z.array(ValidationErrorSchema),
});
export type ValidationErrorsResponse = z.infer<typeof ValidationErrorsResponseSchema>;

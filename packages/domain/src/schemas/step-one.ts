import { z } from 'zod';
import {
  emailSchema,
  errorKey,
  personNameFields,
  phoneCodeIdSchema,
  phoneNumberSchema,
} from '../validation/fields.js';

/** The shared parent contact schema (Parent A step 1, invited step 1). */
export const ParentContactSchema = z.object(
  {
    ...personNameFields,
    email: emailSchema,
    countryCode: phoneCodeIdSchema,
    phoneNumber: phoneNumberSchema,
  },
  errorKey('invalidValue'),
);
export type ParentContact = z.infer<typeof ParentContactSchema>;

/** Parent A step 1 (non-invited variant: knowsCoParentEmail is required). */
export const StepOneFormSchema = ParentContactSchema.extend({
  knowsCoParentEmail: z.boolean(errorKey('signup_knowsCoParentEmail_error')),
});
export type StepOneForm = z.infer<typeof StepOneFormSchema>;
export type StepOneFormInput = z.input<typeof StepOneFormSchema>;

/** Invited co-parent step 1 uses the shared contact schema as it is. */
export const InviteStepOneFormSchema = ParentContactSchema;
export type InviteStepOneForm = z.infer<typeof InviteStepOneFormSchema>;

// Imported lazily by the signup calls: the signup's schema (and zod, the address lookups it checks
// with) loads when an answer needs reading, after the step's first paint, not with the step.
export {
  SignupStateSchema,
  UpdateSignupResponseSchema,
  ValidationErrorsResponseSchema,
} from '@coparent/domain';

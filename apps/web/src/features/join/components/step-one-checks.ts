// Loaded on demand (form-checks.ts): step 1's schema and zod load with the form's first check.
import { StepOneFormSchema } from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';

export { StepOneFormSchema };
export const stepOneResolver = zodResolver(StepOneFormSchema);

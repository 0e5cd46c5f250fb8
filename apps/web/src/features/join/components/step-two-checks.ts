// Loaded on demand (form-checks.ts): step 2's schemas (the form's, the speed bump's) and zod load with the form's first check.
export { familyFormSchema, speedBumpEmailSchema } from '@coparent/domain';
export { zodResolver } from '@hookform/resolvers/zod';

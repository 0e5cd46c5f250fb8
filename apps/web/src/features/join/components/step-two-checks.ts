// Loaded on demand (form-checks.ts): step 2's schema and zod load with the form's first check.
export { familyFormSchema } from '@coparent/domain';
export { zodResolver } from '@hookform/resolvers/zod';

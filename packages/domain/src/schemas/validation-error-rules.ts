import type { Locale } from '../constants/locale.js';
import { isMessageKey, type MessageParams, translateMessage } from '../messages/translate.js';
import type { ValidationError } from './validation-errors.js';

export const VALIDATION_ERROR_TYPES = ['ERROR', 'DUPLICATE'] as const;
export type ValidationErrorType = (typeof VALIDATION_ERROR_TYPES)[number];

/** Step 1: the parent's email already has an account (blocks; the browser goes to /duplicate). */
export const DUPLICATE_PARENT_FIELD = 'parentDuplicate';
/** Family step: the co-parent's email already has an account (type DUPLICATE, does not block). */
export const DUPLICATE_COPARENT_FIELD = 'coParentDuplicate';
/** Field name for errors that belong to no field. */
export const FORM_FIELD = 'form';

export function isDuplicateParentError(error: Pick<ValidationError, 'field'>): boolean {
  return error.field === DUPLICATE_PARENT_FIELD;
}

export function isDuplicateCoParentWarning(
  error: Pick<ValidationError, 'field' | 'type'>,
): boolean {
  return error.field === DUPLICATE_COPARENT_FIELD || error.type === 'DUPLICATE';
}

/** A validation error list blocks progress unless every entry is a DUPLICATE-type warning. */
export function hasBlockingErrors(errors: readonly ValidationError[]): boolean {
  return errors.some((e) => e.type !== 'DUPLICATE');
}

/** The minimal issue shape we read (zod 4's `$ZodIssue` fits it). */
export type IssueLike = {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  errors?: readonly (readonly IssueLike[])[];
};

/**
 * A union over `sections` fails as one `invalid_union` issue carrying each branch's issues. Pick the
 * branch whose `sections` matched (no issue at `sections`); when none did, report `sections`.
 */
function flattenIssues(
  issues: readonly IssueLike[],
  prefix: readonly PropertyKey[] = [],
): IssueLike[] {
  const out: IssueLike[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors && issue.errors.length > 0) {
      const branches = issue.errors;
      const matched = branches.find((branch) => !branch.some((i) => i.path[0] === 'sections'));
      if (matched) {
        out.push(...flattenIssues(matched, path));
      } else {
        out.push({ path: [...path, 'sections'], message: 'invalidValue' });
      }
      continue;
    }
    out.push({ ...issue, path });
  }
  return out;
}

/** Dotted field name for a path: ['children', 1, 'email'] → 'children.1.email'; [] → 'form'. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.length === 0 ? FORM_FIELD : path.map((p) => String(p)).join('.');
}

/**
 * Zod issues → `validationErrors` with texts in the locale. One error per field (the first issue
 * reported for it). A message that is not a MessageKey (a zod default) becomes `invalidValue`.
 */
export function zodIssuesToValidationErrors(
  issues: readonly IssueLike[],
  locale: Locale,
  params?: MessageParams,
): ValidationError[] {
  const seen = new Set<string>();
  const errors: ValidationError[] = [];
  for (const issue of flattenIssues(issues)) {
    const field = fieldName(issue.path);
    if (seen.has(field)) continue;
    seen.add(field);
    const messageKey = isMessageKey(issue.message) ? issue.message : 'invalidValue';
    errors.push({ field, text: translateMessage(messageKey, locale, params), type: 'ERROR' });
  }
  return errors;
}

import type { ValidationError } from '@coparent/domain';
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  set,
  type UseFormSetError,
} from 'react-hook-form';
import type { ErrorSummaryItem } from '../components/error-summary';

/** Errors set from a server answer carry its already-localised text. */
export const SERVER_ERROR_TYPE = 'server';

/** DOM id of a form field from its path: 'children.1.email' → 'children-1-email'. */
export function fieldId(path: string): string {
  return path.replaceAll('.', '-');
}

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    typeof (value as { type: unknown }).type === 'string'
  );
}

/** Every field error with its dotted path, in the order the form reported them. */
export function flattenErrors(
  errors: FieldErrors,
  prefix = '',
): { path: string; error: FieldError }[] {
  const out: { path: string; error: FieldError }[] = [];
  for (const [name, value] of Object.entries(errors)) {
    if (name === 'ref' || value === undefined || value === null) continue;
    const path = prefix ? `${prefix}.${name}` : name;
    if (isFieldError(value) && value.message) {
      out.push({ path: name === 'root' ? prefix : path, error: value });
      continue;
    }
    if (typeof value === 'object') out.push(...flattenErrors(value as FieldErrors, path));
  }
  return out;
}

/**
 * Items in the order their fields stand on the page: a schema reports cross-field checks after the
 * fields' own, which is not where a reader meets them. Fields not on the page keep their order,
 * after the others.
 */
function inPageOrder<T extends { fieldId: string }>(items: T[]): T[] {
  if (typeof document === 'undefined') return items;
  const placed = items.map((item, index) => ({
    item,
    index,
    element: document.getElementById(item.fieldId),
  }));
  return placed
    .sort((a, b) => {
      if (a.element && b.element && a.element !== b.element) {
        return a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING
          ? -1
          : 1;
      }
      if (a.element && !b.element) return -1;
      if (b.element && !a.element) return 1;
      return a.index - b.index;
    })
    .map(({ item }) => item);
}

/**
 * The error summary's items: every field error, linked to its field, in the page's order, then the
 * messages no field can show (`errorText` is the form's `useFieldErrorText`).
 */
export function errorSummaryItems(
  errors: FieldErrors,
  errorText: (error: FieldError) => string | undefined,
  unplacedMessages: readonly string[] = [],
): ErrorSummaryItem[] {
  const fieldItems = flattenErrors(errors).map(({ path, error }) => ({
    fieldId: fieldId(path),
    message: errorText(error) ?? '',
  }));
  return [...inPageOrder(fieldItems), ...unplacedMessages.map((message) => ({ message }))];
}

/**
 * Puts server validation errors beside their fields. `toFieldPath` maps a server field name to a
 * form path (or undefined when the form has no such field). Returns the errors no field can show.
 */
export function applyServerErrors<T extends FieldValues>(
  errors: readonly ValidationError[],
  setError: UseFormSetError<T>,
  toFieldPath: (field: string) => Path<T> | undefined,
): ValidationError[] {
  const unplaced: ValidationError[] = [];
  for (const error of errors) {
    const path = toFieldPath(error.field);
    if (path) setError(path, { type: SERVER_ERROR_TYPE, message: error.text });
    else unplaced.push(error);
  }
  return unplaced;
}

type SchemaCheck = {
  safeParse(values: unknown): {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[]; code: string; message: string }[] };
  };
};

/**
 * Stands for a form's schema not loaded when the page renders (its checks load on demand, and
 * app/start.tsx loads them first on a page answering a post): only the server's refusals show.
 */
export const NOT_CHECKED: SchemaCheck = { safeParse: () => ({ success: true }) };

/**
 * The errors a form shows first when it answers a submission (a post without a script): what its
 * schema finds in the values (as its resolver would report them) and the server's refusals beside
 * their fields. Returns the server's errors no field can show apart.
 */
export function submittedFormErrors<T extends FieldValues>(
  schema: SchemaCheck,
  values: unknown,
  serverErrors: readonly ValidationError[],
  toFieldPath: (field: string) => Path<T> | undefined,
): { errors: FieldErrors<T>; unplaced: ValidationError[] } {
  const errors: FieldErrors<T> = {};
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    const path = issue.path.map(String).join('.');
    if (path && !flattenErrors(errors).some((placed) => placed.path === path)) {
      set(errors, path, { type: issue.code, message: issue.message });
    }
  }
  const unplaced: ValidationError[] = [];
  for (const error of serverErrors) {
    const path = toFieldPath(error.field);
    if (path) set(errors, path, { type: SERVER_ERROR_TYPE, message: error.text });
    else unplaced.push(error);
  }
  return { errors, unplaced };
}

import { describe, expect, it } from 'vitest';
import {
  DUPLICATE_COPARENT_FIELD,
  DUPLICATE_PARENT_FIELD,
  fieldName,
  hasBlockingErrors,
  isDuplicateCoParentWarning,
  isDuplicateParentError,
  ValidationErrorsResponseSchema,
  zodIssuesToValidationErrors,
} from './validation-errors.js';

describe('zodIssuesToValidationErrors', () => {
  it('translates keys, interpolates params and keeps one error per field', () => {
    const errors = zodIssuesToValidationErrors(
      [
        { path: ['coParent', 'email'], message: 'signup_coParentEmailSame_error' },
        { path: ['coParent', 'email'], message: 'signup_email_error' },
        { path: [DUPLICATE_PARENT_FIELD], message: 'signup_duplicateParent_error' },
        { path: ['x'], message: 'Invalid input: expected string' },
      ],
      'es-MX',
      { phone: '(866) 755-9991' },
    );
    expect(errors).toEqual([
      {
        field: 'coParent.email',
        text: 'El correo electrónico de tu coparente no puede ser el mismo que el tuyo.',
        type: 'ERROR',
      },
      {
        field: 'parentDuplicate',
        text: expect.stringContaining('(866) 755-9991'),
        type: 'ERROR',
      },
      { field: 'x', text: 'Ingresa un valor válido', type: 'ERROR' },
    ]);
    expect(
      ValidationErrorsResponseSchema.parse({ validationErrors: errors }).validationErrors,
    ).toHaveLength(3);
  });

  it('names fields by dotted path', () => {
    expect(fieldName(['children', 1, 'email'])).toBe('children.1.email');
    expect(fieldName([])).toBe('form');
  });
});

describe('duplicate markers', () => {
  it('recognises the duplicate parent error and co-parent warning', () => {
    expect(isDuplicateParentError({ field: DUPLICATE_PARENT_FIELD })).toBe(true);
    expect(isDuplicateParentError({ field: 'parent.email' })).toBe(false);
    expect(isDuplicateCoParentWarning({ field: DUPLICATE_COPARENT_FIELD, type: 'DUPLICATE' })).toBe(
      true,
    );
    expect(
      hasBlockingErrors([{ field: DUPLICATE_COPARENT_FIELD, text: 'w', type: 'DUPLICATE' }]),
    ).toBe(false);
    expect(hasBlockingErrors([{ field: 'coParent.email', text: 'e' }])).toBe(true);
  });
});

import type { FieldErrors } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { errorSummaryItems } from './form-errors';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('errorSummaryItems', () => {
  it('lists the errors in the order their fields stand on the page', () => {
    document.body.innerHTML =
      '<input id="username"><input id="password"><input id="children-0-firstName">';
    // A cross-field check reports the password after a field further down the page.
    const errors: FieldErrors = {
      username: { type: 'custom', message: 'Enter a username' },
      children: { 0: { firstName: { type: 'custom', message: 'Enter a first name' } } },
      password: { type: 'custom', message: 'Enter a password' },
      missing: { type: 'custom', message: 'Not on the page' },
    };
    const items = errorSummaryItems(errors, (error) => error.message, ['Something else']);
    expect(items.map((item) => item.message)).toEqual([
      'Enter a username',
      'Enter a password',
      'Enter a first name',
      'Not on the page',
      'Something else',
    ]);
    expect(items[2]).toMatchObject({ fieldId: 'children-0-firstName' });
  });
});

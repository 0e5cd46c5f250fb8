import { describe, expect, it } from 'vitest';
import {
  INVITE_CREDENTIALS_FORM_FIELDS,
  INVITE_CREDENTIALS_SECRET_FIELDS,
  inviteCredentialsFieldsFromForm,
  inviteCredentialsFormPath,
  inviteCredentialsSchema,
  inviteCredentialsUpdateRequest,
} from './invite-credentials.js';

/** The form as a browser posts it, every field right. */
const POSTED = {
  'credentials.username': 'luis_garcia',
  'credentials.password': 'Quiet-Harbor-7421!',
  'referral.selection': 'FRIEND_OR_FAMILY',
  'referral.other': '',
  'security.securityQuestion': 'First pet name?',
  'security.securityAnswer': 'Rex the dog',
  'security.securityCode': '4321',
  'security.confirmCode': '4321',
  'consent.terms': 'on',
};

const pathsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('inviteCredentialsFieldsFromForm', () => {
  it('reads the posted text and a ticked box as what the form holds', () => {
    expect(inviteCredentialsFieldsFromForm(POSTED)).toEqual({
      credentials: { username: 'luis_garcia', password: 'Quiet-Harbor-7421!' },
      referral: { selection: 'FRIEND_OR_FAMILY', other: '' },
      security: {
        securityQuestion: 'First pet name?',
        securityAnswer: 'Rex the dog',
        securityCode: '4321',
        confirmCode: '4321',
      },
      consent: { terms: true, marketingOptIn: false },
    });
  });

  it('leaves a missing or non-text field empty and an unsent box unticked', () => {
    const fields = inviteCredentialsFieldsFromForm({ 'credentials.username': ['a', 'b'] });
    expect(fields.credentials.username).toBe('');
    expect(fields.consent).toEqual({ terms: false, marketingOptIn: false });
  });
});

describe('inviteCredentialsSchema', () => {
  it('takes a complete form', () => {
    const schema = inviteCredentialsSchema({ email: 'luis@example.com', needsTerms: true });
    expect(schema.safeParse(inviteCredentialsFieldsFromForm(POSTED)).success).toBe(true);
  });

  it('asks for the terms only of someone who has not agreed to them', () => {
    const unticked = inviteCredentialsFieldsFromForm({ ...POSTED, 'consent.terms': undefined });
    const needs = inviteCredentialsSchema({ email: null, needsTerms: true }).safeParse(unticked);
    expect(pathsOf(needs)).toEqual(['consent.terms']);
    const agreed = inviteCredentialsSchema({ email: null, needsTerms: false }).safeParse(unticked);
    expect(agreed.success).toBe(true);
  });

  it('lists the password’s problems with a username that is not valid yet', () => {
    const result = inviteCredentialsSchema({ email: null, needsTerms: false }).safeParse(
      inviteCredentialsFieldsFromForm({
        ...POSTED,
        'credentials.username': 'x',
        'credentials.password': 'short',
      }),
    );
    expect(pathsOf(result)).toEqual(
      expect.arrayContaining(['credentials.username', 'credentials.password']),
    );
  });

  it('refuses a password holding the email and a code that does not match', () => {
    const result = inviteCredentialsSchema({
      email: 'quietharbor@example.com',
      needsTerms: false,
    }).safeParse(
      inviteCredentialsFieldsFromForm({
        ...POSTED,
        'credentials.password': 'Quietharbor-7421!',
        'security.confirmCode': '1234',
      }),
    );
    expect(pathsOf(result)).toEqual(
      expect.arrayContaining(['credentials.password', 'security.confirmCode']),
    );
  });
});

describe('inviteCredentialsUpdateRequest', () => {
  it('sends the referral’s follow-up only for an answer that asks for one', () => {
    const security = {
      securityQuestion: 'First pet name?',
      securityAnswer: 'Rex the dog',
      securityCode: '4321',
      confirmCode: '4321',
    };
    expect(
      inviteCredentialsUpdateRequest({
        referral: { selection: 'FRIEND_OR_FAMILY', other: 'ignored' },
        security,
      }),
    ).toEqual({
      sections: ['REFERRAL', 'SECURITY_QUESTION', 'SECURITY_CODE'],
      referral: { selection: 'FRIEND_OR_FAMILY', other: undefined },
      ...security,
    });
    expect(
      inviteCredentialsUpdateRequest({
        referral: { selection: 'OTHER', other: 'A podcast' },
        security,
      }).referral,
    ).toEqual({ selection: 'OTHER', other: 'A podcast' });
  });
});

describe('inviteCredentialsFormPath', () => {
  it('places the API’s fields and the form’s own beside their field', () => {
    expect(inviteCredentialsFormPath('username')).toBe('credentials.username');
    expect(inviteCredentialsFormPath('securityQuestion')).toBe('security.securityQuestion');
    expect(inviteCredentialsFormPath('referral.other')).toBe('referral.other');
    expect(inviteCredentialsFormPath('consent.terms')).toBe('consent.terms');
    expect(inviteCredentialsFormPath('form')).toBeUndefined();
    expect(inviteCredentialsFormPath('toString')).toBeUndefined();
  });

  it('keeps the secrets among the form’s fields', () => {
    for (const secret of INVITE_CREDENTIALS_SECRET_FIELDS) {
      expect(INVITE_CREDENTIALS_FORM_FIELDS).toContain(secret);
    }
  });
});

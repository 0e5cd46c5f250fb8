import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { type StepOneDraft, useFunnelStore } from '@/stores/funnel-store';
import { on } from './fetch-mock';

export const SIGNUP_ID = '0b6f2c1e-6a4b-4f3e-9c1d-2a7e5b8c9d10';
export const REGISTRATION_KEY = 'test-registration-key';

export const PARENT: Required<StepOneDraft> = {
  firstName: 'Ana',
  lastName: 'García',
  email: 'ana@example.com',
  countryCode: 'US_CANADA',
  phoneNumber: '5551234567',
  knowsCoParentEmail: true,
};

export function signupState(lastCompletedStep: number) {
  return {
    signupId: SIGNUP_ID,
    lastCompletedStep,
    parent: {
      firstName: PARENT.firstName,
      lastName: PARENT.lastName,
      email: PARENT.email,
      phoneCountryCode: PARENT.countryCode,
      phoneNumber: PARENT.phoneNumber,
    },
    knowsCoParentEmail: PARENT.knowsCoParentEmail,
    coParent: null,
    children: [],
    expiresAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
  };
}

/** Answers the guard's GET of the stored signup. */
export function onGetSignup(lastCompletedStep: number) {
  return on('GET', `/v2/signups/${SIGNUP_ID}`, { body: signupState(lastCompletedStep) });
}

/** A session that has finished step `lastCompletedStep` (1 or 2). */
export function seedFunnel(lastCompletedStep: number, parent: Partial<StepOneDraft> = {}) {
  useFunnelStore.setState({
    signupId: SIGNUP_ID,
    registrationKey: REGISTRATION_KEY,
    lastCompletedStep,
    stepOneValues: { ...PARENT, ...parent },
  });
}

export async function fillStepOne(user: UserEvent, values: Partial<StepOneDraft> = {}) {
  const v = { ...PARENT, ...values };
  await user.type(screen.getByRole('textbox', { name: 'First name' }), v.firstName);
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), v.lastName);
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), v.email);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Country code' }), v.countryCode);
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), v.phoneNumber);
  const answer = screen.getByRole('group', { name: "Do you know your co-parent's email address?" });
  await user.click(
    within(answer).getByRole('radio', { name: v.knowsCoParentEmail ? 'Yes' : 'No' }),
  );
}

/** Simulates a reload: the in-memory store is rebuilt from what sessionStorage holds. */
export async function reloadFunnelFromStorage() {
  const saved = window.sessionStorage.getItem('coparent.join');
  useFunnelStore.setState(
    { ...useFunnelStore.getInitialState(), stepOneValues: undefined, stepTwoValues: undefined },
    true,
  );
  if (saved) window.sessionStorage.setItem('coparent.join', saved);
  await useFunnelStore.persist.rehydrate();
}

import { describe, expect, it } from 'vitest';
import { readSignupKey, useFunnelStore } from './funnel-store';

describe('the funnel store', () => {
  it('keeps the signup in the tab but never writes its registration key to storage', () => {
    useFunnelStore.getState().setSignup({ signupId: 'signup-1', registrationKey: 'secret-key' });
    useFunnelStore.getState().completeStep(1);
    expect(readSignupKey()).toEqual({ signupId: 'signup-1', registrationKey: 'secret-key' });

    const stored = window.sessionStorage.getItem('coparent.join') ?? '';
    expect(JSON.parse(stored)).toMatchObject({
      state: { signupId: 'signup-1', lastCompletedStep: 1 },
    });
    expect(stored).not.toContain('secret-key');
    expect(window.localStorage.length).toBe(0);
  });

  it('after a reload knows the signup without its key: the cookie carries it to the server', async () => {
    window.sessionStorage.setItem(
      'coparent.join',
      JSON.stringify({ state: { signupId: 'signup-2', lastCompletedStep: 2 }, version: 1 }),
    );
    await useFunnelStore.persist.rehydrate();
    expect(readSignupKey()).toEqual({ signupId: 'signup-2', registrationKey: undefined });
    expect(useFunnelStore.getState().lastCompletedStep).toBe(2);
  });
});

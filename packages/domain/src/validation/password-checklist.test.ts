import { describe, expect, it } from 'vitest';
import { passwordChecklist } from './password-checklist.js';

const stateOf = (...args: Parameters<typeof passwordChecklist>) =>
  Object.fromEntries(passwordChecklist(...args).map((item) => [item.id, item.isMet]));

describe('passwordChecklist', () => {
  it('lists "not your username" and "not your email" after the four rules', () => {
    expect(passwordChecklist('', { username: 'ana', email: 'ana@example.com' })).toEqual([
      { id: 'length', isMet: false },
      { id: 'letter', isMet: false },
      { id: 'number', isMet: false },
      { id: 'special', isMet: false },
      { id: 'notUsername', isMet: false },
      { id: 'notEmail', isMet: false },
    ]);
  });

  it('does not tick "not your username" for the username, in any case, or a password holding it', () => {
    const identity = { username: 'ana.lopez.2025', email: 'ana@example.com' };
    expect(stateOf('ANA.LOPEZ.2025', identity)).toMatchObject({
      length: true,
      letter: true,
      number: true,
      special: true,
      notUsername: false,
      notEmail: true,
    });
    expect(stateOf('my-ana.lopez.2025!', identity).notUsername).toBe(false);
    expect(stateOf('Quiet-Harbor-7421!', identity).notUsername).toBe(true);
  });

  it('does not tick "not your email" for the email or a password holding its local part', () => {
    const identity = { username: 'ana_lopez', email: 'AnaGarcia7@example.com' };
    expect(stateOf(' anagarcia7@EXAMPLE.com', identity).notEmail).toBe(false);
    expect(stateOf('AnaGarcia7#Blue', identity).notEmail).toBe(false);
    expect(stateOf('Quiet-Harbor-7421!', identity).notEmail).toBe(true);
  });

  it('has no email line without an email, and leaves both unchecked without an identity', () => {
    expect(
      passwordChecklist('x', { username: 'luis', email: null }).map((i) => i.id),
    ).not.toContain('notEmail');
    expect(stateOf('Quiet-Harbor-7421!')).toMatchObject({ notUsername: null, notEmail: null });
  });
});

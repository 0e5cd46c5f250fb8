import { PASSWORD_RULES, type PasswordRule, passwordProblems } from './password.js';
import { containsPart } from './password-strength.js';

export type PasswordChecklistRuleId = PasswordRule['id'] | 'notUsername' | 'notEmail';

/** One line of the checklist; `isMet` is null when the browser cannot know it (the server checks). */
export type PasswordChecklistItem = { id: PasswordChecklistRuleId; isMet: boolean | null };

/** Who the password belongs to, when the form knows it. */
export type PasswordIdentity = { username?: string | null; email?: string | null };

/**
 * The password requirements as a person sees them while typing: PASSWORD_RULES, then "not your
 * username" and "not your email" (neither the same nor containing it, as the account rules
 * refuse). Without an identity (a reset that does not know the account) those two are listed
 * unchecked; an account known by phone only has no email line.
 */
export function passwordChecklist(
  password: string,
  identity?: PasswordIdentity,
): PasswordChecklistItem[] {
  const items: PasswordChecklistItem[] = PASSWORD_RULES.map((rule) => ({
    id: rule.id,
    isMet: rule.test(password),
  }));
  if (!identity) {
    items.push({ id: 'notUsername', isMet: null }, { id: 'notEmail', isMet: null });
    return items;
  }
  const problems = passwordProblems(password, identity);
  items.push({
    id: 'notUsername',
    isMet:
      password !== '' &&
      !problems.includes('validPwdDupUsername_error') &&
      !containsPart(password, identity.username),
  });
  const email = (identity.email ?? '').trim();
  if (email !== '') {
    items.push({
      id: 'notEmail',
      isMet:
        password !== '' &&
        !problems.includes('validPwdDupEmail_error') &&
        !containsPart(password, email.split('@')[0]),
    });
  }
  return items;
}

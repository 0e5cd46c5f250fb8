import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

// Kept apart from the form's schema so that clearing the draft at the end of the flow (the
// receipt, the "You're all set" screen) does not load the password rules.

/**
 * What survives a reload (this tab's session storage): the username, the referral, the security
 * question and the two boxes. Never the password, the security answer or the code.
 */
export type InviteCredentialsDraft = {
  username: string;
  referral: { selection: string; other: string };
  securityQuestion: string;
  consent: { terms: boolean; marketingOptIn: boolean };
};

const DRAFT_KEY = 'coparent.inviteCredentialsDraft';

export function readDraft(): InviteCredentialsDraft | null {
  const raw = readStorage('session', DRAFT_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as InviteCredentialsDraft;
  } catch {
    return null;
  }
}

/** The form's values a draft is made of (the form's own type lives with its schema). */
type DraftSource = {
  credentials: { username: string };
  referral: InviteCredentialsDraft['referral'];
  security: { securityQuestion: string };
  consent: InviteCredentialsDraft['consent'];
};

export function saveDraft(values: DraftSource): void {
  const draft: InviteCredentialsDraft = {
    username: values.credentials.username,
    referral: values.referral,
    securityQuestion: values.security.securityQuestion,
    consent: values.consent,
  };
  writeStorage('session', DRAFT_KEY, JSON.stringify(draft));
}

export function clearDraft(): void {
  removeStorage('session', DRAFT_KEY);
}

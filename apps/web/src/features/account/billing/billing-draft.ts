import type { BillingInput } from '@coparent/domain';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

/** This tab's unsaved account billing form (survives a reload; cleared once saved). */
const DRAFT_KEY = 'coparent.accountBillingDraft';

export type BillingFormInput = { [K in keyof BillingInput]: string };
type StoredDraft = { owner: string; values: Partial<BillingFormInput> };

/**
 * The draft is kept with whose page it was (the email, or the name without one), so another
 * login in the same tab never starts from someone else's typing.
 */
export function readBillingDraft(owner: string): Partial<BillingFormInput> | undefined {
  const raw = readStorage('session', DRAFT_KEY);
  if (!raw) return undefined;
  try {
    const draft = JSON.parse(raw) as StoredDraft;
    if (draft.owner !== owner || typeof draft.values !== 'object' || !draft.values)
      return undefined;
    return Object.fromEntries(
      Object.entries(draft.values).filter(([, value]) => typeof value === 'string'),
    ) as Partial<BillingFormInput>;
  } catch {
    return undefined;
  }
}

export function writeBillingDraft(owner: string, values: Partial<BillingFormInput>): void {
  writeStorage('session', DRAFT_KEY, JSON.stringify({ owner, values } satisfies StoredDraft));
}

export function clearBillingDraft(): void {
  removeStorage('session', DRAFT_KEY);
}

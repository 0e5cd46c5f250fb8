import {
  type BuildYourOwnValues,
  BuildYourOwnValuesSchema,
  type InviteStepOneForm,
} from '@coparent/domain';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

// What the invited co-parent typed or was given on the way, kept in this tab's session storage
// (like the invite token) so a reload keeps it. Each entry names the invited user it belongs to:
// another invitation opened in the same tab never sees the previous person's values.

const KEYS = {
  stepOne: 'coparent.invite.stepOne',
  buildYourOwn: 'coparent.invite.buildYourOwn',
  preselectedPackage: 'coparent.invite.preselectedPackage',
} as const;

/** The step-1 form as typed (strings, possibly incomplete). */
export type InviteStepOneDraft = Partial<Record<keyof InviteStepOneForm, string>>;

function save(key: string, userId: string, value: unknown): void {
  writeStorage('session', key, JSON.stringify({ userId, value }));
}

function read(key: string, userId: string): unknown {
  const raw = readStorage('session', key);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as { userId?: unknown; value?: unknown };
    return parsed.userId === userId ? parsed.value : undefined;
  } catch {
    return undefined;
  }
}

export function saveStepOneDraft(userId: string, draft: InviteStepOneDraft): void {
  save(KEYS.stepOne, userId, draft);
}

export function readStepOneDraft(userId: string): InviteStepOneDraft | undefined {
  const value = read(KEYS.stepOne, userId);
  if (typeof value !== 'object' || value === null) return undefined;
  const draft: InviteStepOneDraft = {};
  for (const [name, text] of Object.entries(value)) {
    if (typeof text === 'string') draft[name as keyof InviteStepOneDraft] = text;
  }
  return draft;
}

export function saveBuildYourOwnDraft(userId: string, values: BuildYourOwnValues): void {
  save(KEYS.buildYourOwn, userId, values);
}

export function readBuildYourOwnDraft(userId: string): BuildYourOwnValues | undefined {
  return BuildYourOwnValuesSchema.safeParse(read(KEYS.buildYourOwn, userId)).data;
}

/** The welcome's preselection: the co-parent package of a subscription Parent A paid for. */
export function savePreselectedPackage(userId: string, packageId: number): void {
  save(KEYS.preselectedPackage, userId, packageId);
}

export function readPreselectedPackage(userId: string): number | undefined {
  const value = read(KEYS.preselectedPackage, userId);
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}

export function clearStepOneDraft(): void {
  removeStorage('session', KEYS.stepOne);
}

export function clearBuildYourOwnDraft(): void {
  removeStorage('session', KEYS.buildYourOwn);
}

/** Everything above (the spec's "reset state" of the invited flow); the token stays. */
export function clearInviteDrafts(): void {
  for (const key of Object.values(KEYS)) removeStorage('session', key);
}

import { DEFAULT_PHONE_CODE, isPhoneCodeId, type PhoneCodeId } from '@coparent/domain';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

/** The "Invite a family" form's draft for this tab, per professional (survives a reload). */
const DRAFT_KEY = 'coparent.casesDraft';

type StoredDraft = { owner: string; values: unknown };

export type CaseFormValues = {
  parent1: CaseParentValues;
  parent2: CaseParentValues;
  children: { firstName: string; lastName: string }[];
};
type CaseParentValues = {
  firstName: string;
  lastName: string;
  email: string;
  phoneCountryCode: PhoneCodeId;
  phoneNumber: string;
};

export function emptyCaseChild() {
  return { firstName: '', lastName: '' };
}

function emptyParent(): CaseParentValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phoneCountryCode: DEFAULT_PHONE_CODE,
    phoneNumber: '',
  };
}

function emptyCaseForm(): CaseFormValues {
  return { parent1: emptyParent(), parent2: emptyParent(), children: [emptyCaseChild()] };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function parentFrom(value: unknown): CaseParentValues {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    firstName: text(v.firstName),
    lastName: text(v.lastName),
    email: text(v.email),
    phoneCountryCode: isPhoneCodeId(v.phoneCountryCode) ? v.phoneCountryCode : DEFAULT_PHONE_CODE,
    phoneNumber: text(v.phoneNumber),
  };
}

/** The draft of this professional, or an empty form (a draft of another account is ignored). */
export function readCaseDraft(owner: string): CaseFormValues {
  try {
    const stored = JSON.parse(readStorage('session', DRAFT_KEY) ?? 'null') as StoredDraft | null;
    if (!stored || stored.owner !== owner) return emptyCaseForm();
    const values = (stored.values ?? {}) as Record<string, unknown>;
    const children = Array.isArray(values.children)
      ? values.children.map((child) => {
          const c = (typeof child === 'object' && child !== null ? child : {}) as Record<
            string,
            unknown
          >;
          return { firstName: text(c.firstName), lastName: text(c.lastName) };
        })
      : [];
    return {
      parent1: parentFrom(values.parent1),
      parent2: parentFrom(values.parent2),
      children: children.length > 0 ? children : [emptyCaseChild()],
    };
  } catch {
    return emptyCaseForm();
  }
}

export function writeCaseDraft(owner: string, values: unknown): void {
  writeStorage('session', DRAFT_KEY, JSON.stringify({ owner, values } satisfies StoredDraft));
}

export function clearCaseDraft(): void {
  removeStorage('session', DRAFT_KEY);
}

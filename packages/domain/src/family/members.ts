/**
 * Family members as the app shows them (the invited context's familyMembers, with
 * initials and colour). Colours are assigned in order (Parent A, the co-parent, then the children)
 * from this palette, which keeps white text at WCAG AA contrast (≥ 4.5:1) on every colour.
 */
export const FAMILY_MEMBER_COLORS = [
  '#1F5FA8',
  '#A3306B',
  '#2E7D32',
  '#B3470A',
  '#6A3FA0',
  '#00707A',
  '#8A5A00',
  '#B0263A',
] as const;
export type FamilyMemberColor = (typeof FAMILY_MEMBER_COLORS)[number];

export const FAMILY_ROLES = ['PARENT', 'CO_PARENT', 'CHILD'] as const;
export type FamilyRole = (typeof FAMILY_ROLES)[number];

/** The colour of the n-th member (0-based), cycling through the palette. */
export function familyMemberColor(position: number): FamilyMemberColor {
  const index =
    ((Math.trunc(position) % FAMILY_MEMBER_COLORS.length) + FAMILY_MEMBER_COLORS.length) %
    FAMILY_MEMBER_COLORS.length;
  return FAMILY_MEMBER_COLORS[index] ?? FAMILY_MEMBER_COLORS[0];
}

/** The first character (code point) of a trimmed name, upper-cased in a locale-neutral way. */
function initial(name: string): string {
  const [first] = Array.from(name.trim());
  return (first ?? '').toUpperCase();
}

/** 'Ana', 'López' → 'AL'; a missing last name gives one letter. */
export function displayInitials(firstName: string, lastName: string): string {
  return `${initial(firstName)}${initial(lastName)}`;
}

import { describe, expect, it } from 'vitest';
import { displayInitials, FAMILY_MEMBER_COLORS, familyMemberColor } from './members.js';

describe('family members', () => {
  it('initials: first letters, upper case, code-point aware', () => {
    expect(displayInitials('ana', 'lópez')).toBe('AL');
    expect(displayInitials(' Éva ', '')).toBe('É');
    expect(displayInitials('𝒜da', 'Ñuñez')).toBe('𝒜Ñ');
  });

  it('colours cycle through the palette in order', () => {
    expect(familyMemberColor(0)).toBe(FAMILY_MEMBER_COLORS[0]);
    expect(familyMemberColor(FAMILY_MEMBER_COLORS.length)).toBe(FAMILY_MEMBER_COLORS[0]);
    expect(familyMemberColor(-1)).toBe(FAMILY_MEMBER_COLORS[FAMILY_MEMBER_COLORS.length - 1]);
  });
});

import { displayInitials, familyMemberColor } from '@coparent/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FamilyMemberList } from './family-member-list';

// Names as the server stores them (see apps/server/src/security/hostile-text.test.ts): within the
// name rules, yet full of markup. They must show as text and never become elements.
const HOSTILE = [
  { firstName: '<script>alert(1)', lastName: "Robert'); DROP TABLE" },
  { firstName: '<img src=x>', lastName: "x' OR '1'='1" },
  { firstName: '&lt;b&gt; "--', lastName: '<b onclick=alert(1)>' },
];

describe('FamilyMemberList', () => {
  it('renders names with HTML and SQL in them as plain text, creating no element', () => {
    const { container } = render(
      <FamilyMemberList
        members={HOSTILE.map((name, index) => ({
          userId: `user-${index}`,
          ...name,
          color: familyMemberColor(index),
          displayInitials: displayInitials(name.firstName, name.lastName),
        }))}
      />,
    );
    for (const { firstName, lastName } of HOSTILE) {
      expect(screen.getByText(`${firstName} ${lastName}`)).toBeVisible();
    }
    expect(container.querySelector('script, img, b, [onclick], [onerror]')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(HOSTILE.length);
  });
});

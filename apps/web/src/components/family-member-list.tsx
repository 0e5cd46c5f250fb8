import type { FamilyMemberColor } from '@coparent/domain';
import styles from './family-member-list.module.css';

type FamilyMemberListItem = {
  userId: string | null;
  firstName: string;
  lastName: string;
  color: FamilyMemberColor;
  displayInitials: string;
  /** Marks the person looking at the list (shown after the name, e.g. "(you)"). */
  isYou?: boolean;
};

type FamilyMemberListProps = {
  members: readonly FamilyMemberListItem[];
  /** The already-translated mark after the viewer's own name. */
  youLabel?: string;
};

/** A family: each member's initials in their colour, then the full name. */
export function FamilyMemberList({ members, youLabel }: FamilyMemberListProps) {
  return (
    <ul className={styles.members}>
      {members.map((member, index) => (
        <li key={member.userId ?? `member-${index}`} className={styles.member}>
          <span
            className={styles.initials}
            style={{ backgroundColor: member.color }}
            aria-hidden="true"
          >
            {member.displayInitials}
          </span>
          <span>
            {member.firstName} {member.lastName}
            {member.isYou && youLabel ? ` ${youLabel}` : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

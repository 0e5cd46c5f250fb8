import type { InviteFamilyMember } from '@coparent/domain';
import styles from './invite.module.css';

/** The family the co-parent is invited to: initials in the member's colour, then the full name. */
export function FamilyMemberList({ members }: { members: InviteFamilyMember[] }) {
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
          </span>
        </li>
      ))}
    </ul>
  );
}

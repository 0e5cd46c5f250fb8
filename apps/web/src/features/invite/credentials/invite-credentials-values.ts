import {
  type InviteCredentialsInput,
  type InvitedUser,
  inviteCredentialsFieldsFromForm,
  inviteCredentialsFormPath,
} from '@coparent/domain';
import type { Path } from 'react-hook-form';
import type { InviteCredentialsDraft } from './invite-credentials-draft';

// The form's rule (`inviteCredentialsSchema`) and its values are the domain's: the server checks
// the same form posted without a script.

/** What the form starts with: what was typed in this tab, else what the server saved. */
export function inviteCredentialsDefaults(
  draft: InviteCredentialsDraft | null,
  saved: InvitedUser | undefined,
): InviteCredentialsInput {
  return {
    credentials: { username: draft?.username ?? '', password: '' },
    referral: draft?.referral ?? {
      selection: saved?.referral?.selection ?? '',
      other: saved?.referral?.other ?? '',
    },
    security: {
      securityQuestion: draft?.securityQuestion ?? saved?.securityQuestion ?? '',
      securityAnswer: '',
      securityCode: '',
      confirmCode: '',
    },
    consent: draft?.consent ?? { terms: false, marketingOptIn: false },
  };
}

/**
 * What a page the server wrote starts with: the post it answers (its values, never the secrets),
 * else what the server saved.
 */
export function writtenInviteCredentialsDefaults(
  posted: Record<string, string> | undefined,
  saved: InvitedUser,
): InviteCredentialsInput {
  return posted ? inviteCredentialsFieldsFromForm(posted) : inviteCredentialsDefaults(null, saved);
}

/** The server's field names (PATCH /v2/users/:userId, POST /v2/credentials) → the form's. */
export function inviteCredentialsFieldFor(field: string): Path<InviteCredentialsInput> | undefined {
  return inviteCredentialsFormPath(field) as Path<InviteCredentialsInput> | undefined;
}

import { InviteGate } from '@/features/invite/components/invite-gate';
import { InviteCredentialsPage } from '@/features/invite/credentials/components/invite-credentials-page';
import { addInviteCredentialsCatalogue } from '@/locales/catalogue-invite-credentials.en';

addInviteCredentialsCatalogue();

/** /invite/credentials: the invited co-parent's username, password and security. */
export function InviteCredentialsRoute() {
  return (
    <InviteGate>
      {({ token, context }) => <InviteCredentialsPage token={token} context={context} />}
    </InviteGate>
  );
}

import { InviteGate } from '@/features/invite/components/invite-gate';
import { InviteCredentialsPage } from '@/features/invite/credentials/components/invite-credentials-page';
import { addInviteCredentialsCatalogue } from '@/locales/catalogue-invite-credentials.en';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';

// The texts of every page but the numbered steps, and this page's own, come with the page.
addOtherPagesCatalogue();
addInviteCredentialsCatalogue();

/** /invite/credentials: the invited co-parent's username, password and security. */
export function InviteCredentialsRoute() {
  return (
    <InviteGate>
      {({ token, context }) => <InviteCredentialsPage token={token} context={context} />}
    </InviteGate>
  );
}

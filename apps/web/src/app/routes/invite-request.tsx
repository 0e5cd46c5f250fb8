import { NEW_LINK_SPAM_HINT_MINUTES } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { Button } from '@/components/button';
import { PageHeading } from '@/components/page-heading';
import { RichText } from '@/components/rich-text';
import { useRequestInviteLink } from '@/features/invite/api/request-invite-link';
import { InviteCompleted } from '@/features/invite/components/invite-completed';
import { isInviteCompleted } from '@/features/invite/invite-errors';
import { supportEmail } from '@/features/invite/support-email';
import { useDocumentTitle } from '@/lib/use-document-title';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';
import { readInviteToken } from '@/stores/invite-token';
import styles from './routes.module.css';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

/**
 * /invite/request: with the stored invite token (live, expired or
 * replaced), ask for a new link; without one, what to do instead.
 */
export function InviteRequestRoute() {
  const token = readInviteToken();
  return token ? <RequestNewLink token={token} /> : <CannotRequest />;
}

function RequestNewLink({ token }: { token: string }) {
  const { t } = useTranslation();
  const request = useRequestInviteLink();
  // Someone who already has credentials needs no link: they log in.
  const isCompleted = isInviteCompleted(request.error);
  useDocumentTitle(t(isCompleted ? 'inviteCompleted.title' : 'invite.request.title'));
  // 404 INVITE_REQUEST_FAILED (the spec's 111), a rate limit or a network failure alike.
  const failed = request.isError;
  if (isCompleted) return <InviteCompleted />;

  if (request.isSuccess) {
    return (
      <div className={styles.content}>
        <PageHeading>{t('invite.request.sentTitle')}</PageHeading>
        <p>{t('invite.request.spamHint', { minutes: NEW_LINK_SPAM_HINT_MINUTES })}</p>
        <p>
          <Button variant="link" onClick={() => request.reset()}>
            {t('invite.request.askAgain')}
          </Button>
        </p>
      </div>
    );
  }

  return (
    <div className={styles.content}>
      <PageHeading>{t('invite.request.title')}</PageHeading>
      <p className={styles.intro}>{t('invite.request.intro')}</p>
      {failed ? (
        <AlertBanner tone="error" showAgainKey={request.submittedAt}>
          <p>{t('invite.request.failed')}</p>
        </AlertBanner>
      ) : null}
      <p>
        <Button isLoading={request.isPending} onClick={() => request.mutate(token)}>
          {t('invite.request.send')}
        </Button>
      </p>
    </div>
  );
}

function CannotRequest() {
  const { t } = useTranslation();
  useDocumentTitle(t('invite.request.noTokenTitle'));
  const email = supportEmail();
  return (
    <div className={styles.content}>
      <PageHeading>{t('invite.request.noTokenTitle')}</PageHeading>
      <p>{t('invite.request.noTokenIntro')}</p>
      <ol>
        <li>{t('invite.request.noTokenSteps.email')}</li>
        <li>{t('invite.request.noTokenSteps.latest')}</li>
        <li>
          <RichText
            i18nKey="invite.request.noTokenSteps.support"
            values={{ email }}
            components={{
              // biome-ignore lint/a11y/useAnchorContent: RichText puts the email address inside
              mail: <a href={`mailto:${email}`} />,
            }}
          />
        </li>
      </ol>
    </div>
  );
}

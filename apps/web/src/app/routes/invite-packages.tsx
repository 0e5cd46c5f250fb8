import { INVITE_PATHS, type InvitedContext } from '@coparent/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { JOIN_BASENAME } from '@/app/join-path';
import { BackButton } from '@/components/back-button';
import { ErrorSummary } from '@/components/error-summary';
import { GenericError } from '@/components/generic-error';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { useInvitedUser } from '@/features/invite/api/get-invited-user';
import { InviteCouponBanner } from '@/features/invite/components/invite-coupon-banner';
import { InviteGate } from '@/features/invite/components/invite-gate';
import { useRefusedChoice } from '@/features/invite/hooks/use-refused-choice';
import { useSaveInvitePackage } from '@/features/invite/hooks/use-save-invite-package';
import { readPreselectedPackage } from '@/features/invite/invite-drafts';
import { isInviteAuthError } from '@/features/invite/invite-errors';
import { LoadError } from '@/features/packages/components/load-error';
import { PackageList } from '@/features/packages/components/package-list';
import packageStyles from '@/features/packages/components/packages.module.css';
import { useInviteOfferedPackages } from '@/features/packages/hooks/use-invite-offered-packages';
import { useFormSubmission } from '@/lib/form-submission';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrated } from '@/lib/use-hydrated';
import { useRepeatable } from '@/lib/use-repeatable';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';
import styles from './routes.module.css';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

function Packages({ token, context }: { token: string; context: InvitedContext }) {
  const { t } = useTranslation();
  const userId = context.userId;
  const user = useInvitedUser(token, userId);
  const offered = useInviteOfferedPackages(context, user.data);
  // The welcome keeps the co-parent package of a paid subscription; a page the server wrote marks
  // the same from the context (the tab's storage is read once the app has the page).
  const isHydrated = useHydrated();
  const preselected =
    (isHydrated ? readPreselectedPackage(userId) : undefined) ??
    (context.isSubscriptionCurrent ? (context.coparentPackageId ?? undefined) : undefined);
  const { save, savingId, hasProblem } = useSaveInvitePackage({ token, userId });
  // A card's choice has no form: "Try again" repeats the same choice.
  const choice = useRepeatable((packageId: number) => save({ packageId }));
  const problems = useRefusedChoice(INVITE_PATHS.packages, {
    isSaving: savingId !== undefined,
    hasProblem,
  });

  if (context.lastCompletedStep < 1) return <Navigate to={INVITE_PATHS.step1} replace />;
  if (user.isError && isInviteAuthError(user.error)) {
    return <Navigate to={INVITE_PATHS.request} replace />;
  }

  let body: ReactNode;
  if (user.isError) {
    body = <LoadError onRetry={() => void user.refetch()} />;
  } else if (offered.error) {
    body = <LoadError onRetry={offered.retry} />;
  } else if (user.isPending || offered.isLoading || !offered.packages) {
    body = <Spinner label={t('packages.loading')} />;
  } else {
    body = (
      <PackageList
        packages={offered.packages}
        currentPackageId={user.data.order?.packageId ?? preselected}
        choosingId={savingId}
        onChoose={(pkg) => void choice.run(pkg.id)}
        action={`${JOIN_BASENAME}${INVITE_PATHS.packages}`}
      />
    );
  }

  return (
    <>
      <ErrorSummary items={problems} focusKey={problems.length > 0 ? 1 : 0} />
      <InviteCouponBanner codes={context.availableCoupons} />
      {hasProblem ? <GenericError retry={{ onRetry: choice.repeat }} /> : null}
      {body}
    </>
  );
}

/**
 * /invite/packages: the packages of the invited user's pricing group, the coupon
 * banner, the co-parent package or the earlier choice marked. Choosing saves the PACKAGE section
 * and goes where the server says: /invite/choose-your-own (build your own) or /invite/payment.
 * Reachable once step 1 is done (lastCompletedStep ≥ 1).
 */
export function InvitePackagesRoute() {
  const { t } = useTranslation();
  const isRefused = Boolean(useFormSubmission(INVITE_PATHS.packages)?.errors.length);
  useDocumentTitle(t('invitePackages.title'), isRefused);
  return (
    <>
      <PageHeading>{t('invitePackages.title')}</PageHeading>
      <p className={packageStyles.intro}>{t('invitePackages.intro')}</p>
      <InviteGate isPaymentScreen>{(invite) => <Packages {...invite} />}</InviteGate>
      <div className={styles.actions}>
        <BackButton to={INVITE_PATHS.step1} worksWithoutScript />
      </div>
    </>
  );
}

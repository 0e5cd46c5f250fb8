import {
  type BuildYourOwnValues,
  buildYourOwnServices,
  buildYourOwnValuesFrom,
  EXPERIMENTS,
  INVITE_PATHS,
  type InvitedContext,
  isTreatment,
  type Package,
  type SavedOrder,
} from '@coparent/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { JOIN_BASENAME } from '@/app/join-path';
import { BackButton } from '@/components/back-button';
import { ErrorSummary } from '@/components/error-summary';
import { GenericError } from '@/components/generic-error';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { useInvitedUser } from '@/features/invite/api/get-invited-user';
import { InviteGate } from '@/features/invite/components/invite-gate';
import { InviteUpgrade } from '@/features/invite/components/invite-upgrade';
import { useRefusedChoice } from '@/features/invite/hooks/use-refused-choice';
import { useSaveInvitePackage } from '@/features/invite/hooks/use-save-invite-package';
import { useWrittenInviteToken } from '@/features/invite/hooks/use-written-invite-token';
import {
  clearBuildYourOwnDraft,
  readBuildYourOwnDraft,
  saveBuildYourOwnDraft,
} from '@/features/invite/invite-drafts';
import { isInviteAuthError } from '@/features/invite/invite-errors';
import { BuildYourOwnForm } from '@/features/packages/components/build-your-own-form';
import { LoadError } from '@/features/packages/components/load-error';
import packageStyles from '@/features/packages/components/packages.module.css';
import { useInviteOfferedPackages } from '@/features/packages/hooks/use-invite-offered-packages';
import { isPremiumPackage } from '@/features/packages/package-order';
import { useFlag } from '@/lib/flags';
import { useFormSubmission } from '@/lib/form-submission';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLocale } from '@/lib/use-locale';
import { useRepeatable } from '@/lib/use-repeatable';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';
import styles from './routes.module.css';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

/** The saved build-your-own order as form values (a pending choice has no term yet). */
function savedValues(order: SavedOrder, chosen: Package): BuildYourOwnValues {
  return buildYourOwnValuesFrom(order.productId ?? chosen.subscription, order.services);
}

function ChooseYourOwn({ token, context }: { token: string; context: InvitedContext }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const arm = useFlag(EXPERIMENTS.showPriceInBuildYourOwn);
  const userId = context.userId;
  const user = useInvitedUser(token, userId);
  const offered = useInviteOfferedPackages(context, user.data);
  // A page the server wrote shows the saved choice (the tab's draft is the tab's, read after).
  const isWritten = useWrittenInviteToken() !== null;
  const [draft, setDraft] = useState(() => (isWritten ? null : readBuildYourOwnDraft(userId)));
  const { save, savingId, hasProblem } = useSaveInvitePackage({ token, userId });
  const problems = useRefusedChoice(INVITE_PATHS.chooseYourOwn, {
    isSaving: savingId !== undefined,
    hasProblem,
  });
  // Two ways to save here (the form, the upgrade): "Try again" repeats the one that failed.
  const saving = useRepeatable(
    async (order: Parameters<typeof save>[0], { isBuildYourOwn }: { isBuildYourOwn: boolean }) => {
      const saved = await save(order);
      if (saved && isBuildYourOwn) clearBuildYourOwnDraft();
    },
  );

  if (context.lastCompletedStep < 1) return <Navigate to={INVITE_PATHS.step1} replace />;
  if (user.isError) {
    if (isInviteAuthError(user.error)) return <Navigate to={INVITE_PATHS.request} replace />;
    return <LoadError onRetry={() => void user.refetch()} />;
  }
  if (offered.error) return <LoadError onRetry={offered.retry} />;
  // Only the user as read for this screen counts (a copy cached before the package was saved
  // does not have the choice yet), or the one the server read for the page it wrote.
  const current = user.isFetchedAfterMount || isWritten ? user.data : undefined;
  if (!current || offered.isLoading || !offered.packages) {
    return <Spinner label={t('alacarte.loading')} />;
  }

  // Only a build-your-own package chosen on /invite/packages (pending or configured) opens this.
  const byoPackages = offered.packages.filter((pkg) => pkg.buildYourOwn);
  const order = current.order;
  const chosen = byoPackages.find((pkg) => pkg.id === order?.packageId);
  if (!order || !chosen) return <Navigate to={INVITE_PATHS.packages} replace />;

  const values = draft ?? savedValues(order, chosen);
  const premium =
    offered.packages.find(
      (pkg) => isPremiumPackage(pkg) && pkg.subscription === values.subscription,
    ) ?? offered.packages.find(isPremiumPackage);
  const isSaving = savingId !== undefined;

  return (
    <>
      <ErrorSummary items={problems} focusKey={problems.length > 0 ? 1 : 0} />
      {hasProblem ? <GenericError retry={{ onRetry: saving.repeat }} /> : null}
      <BuildYourOwnForm
        packages={byoPackages}
        values={values}
        onChange={(next) => {
          setDraft(next);
          saveBuildYourOwnDraft(userId, next);
        }}
        onSubmit={(submitted, pkg) =>
          void saving.run(
            {
              packageId: pkg.id,
              productId: submitted.subscription,
              services: buildYourOwnServices(submitted),
            },
            { isBuildYourOwn: true },
          )
        }
        isTreatment={isTreatment(arm)}
        locale={locale}
        country={offered.group?.country}
        isSubmitting={isSaving && savingId !== premium?.id}
        action={`${JOIN_BASENAME}${INVITE_PATHS.chooseYourOwn}`}
      />
      {premium ? (
        <InviteUpgrade
          premium={premium}
          isSaving={savingId === premium.id}
          isDisabled={isSaving}
          onUpgrade={() => void saving.run({ packageId: premium.id }, { isBuildYourOwn: false })}
          action={`${JOIN_BASENAME}${INVITE_PATHS.packages}`}
        />
      ) : null}
    </>
  );
}

/**
 * /invite/choose-your-own: the build-your-own term and options for the invited user
 * (the form /alacarte shows), Back to /invite/packages, and an upgrade to the Premium package of the same
 * term. Submitting saves PACKAGE with `productId` and `services` → /invite/payment.
 */
export function InviteChooseYourOwnRoute() {
  const { t } = useTranslation();
  const isRefused = Boolean(useFormSubmission(INVITE_PATHS.chooseYourOwn)?.errors.length);
  useDocumentTitle(t('alacarte.title'), isRefused);
  return (
    <>
      <PageHeading>{t('alacarte.title')}</PageHeading>
      <p className={packageStyles.intro}>{t('alacarte.intro')}</p>
      <InviteGate isPaymentScreen>{(invite) => <ChooseYourOwn {...invite} />}</InviteGate>
      <div className={styles.actions}>
        <BackButton to={INVITE_PATHS.packages} worksWithoutScript />
      </div>
    </>
  );
}

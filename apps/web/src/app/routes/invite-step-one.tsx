import type { InvitedContext, InvitedUser } from '@coparent/domain';
import { INVITE_PATHS } from '@coparent/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { JOIN_BASENAME } from '@/app/join-path';
import { AlertBanner } from '@/components/alert-banner';
import { GenericError } from '@/components/generic-error';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { useInvitedUser } from '@/features/invite/api/get-invited-user';
import { InviteGate } from '@/features/invite/components/invite-gate';
import {
  INVITE_STEP_ONE_FORM_ID,
  InviteStepOneForm,
  inviteStepOneDraftFromFields,
} from '@/features/invite/components/invite-step-one-form';
import {
  type InviteStepOneLocationState,
  useSubmitInviteStepOne,
} from '@/features/invite/hooks/use-submit-invite-step-one';
import {
  type InviteStepOneDraft,
  readStepOneDraft,
  saveStepOneDraft,
} from '@/features/invite/invite-drafts';
import { isInviteAuthError } from '@/features/invite/invite-errors';
import { useFormSubmission } from '@/lib/form-submission';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFormStart } from '@/lib/use-form-start';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

/** What the server knows of the co-parent (Parent A typed the name and email or phone). */
function knownValues(user: InvitedUser): InviteStepOneDraft {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email ?? '',
    ...(user.phoneCountryCode ? { countryCode: user.phoneCountryCode } : {}),
    phoneNumber: user.phoneNumber ?? '',
  };
}

function StepOne({ token, context }: { token: string; context: InvitedContext }) {
  const userId = context.userId;
  const user = useInvitedUser(token, userId);

  if (user.isError) {
    if (isInviteAuthError(user.error)) return <Navigate to={INVITE_PATHS.request} replace />;
    return <GenericError />;
  }
  // The form starts once the saved values are known (they are its defaults).
  if (user.isPending) return <Spinner />;
  return <StepOneLoaded token={token} context={context} user={user.data} />;
}

function StepOneLoaded({
  token,
  context,
  user,
}: {
  token: string;
  context: InvitedContext;
  user: InvitedUser;
}) {
  const { t } = useTranslation();
  const userId = context.userId;
  const submission = useFormSubmission(INVITE_PATHS.step1);
  const start = useFormStart({
    formId: INVITE_STEP_ONE_FORM_ID,
    serverValues: submission ? inviteStepOneDraftFromFields(submission.values) : knownValues(user),
    isSubmission: submission !== undefined,
    storedDraft: () => ({ ...knownValues(user), ...readStepOneDraft(userId) }),
    fromFields: inviteStepOneDraftFromFields,
  });
  const saveDraft = useCallback(
    (values: InviteStepOneDraft) => saveStepOneDraft(userId, values),
    [userId],
  );
  const { submit, isSubmitting, hasProblem } = useSubmitInviteStepOne({ token, userId });
  return (
    <>
      {hasProblem ? <GenericError retry={{ formId: INVITE_STEP_ONE_FORM_ID }} /> : null}
      {context.userCreatedByPro && context.pro ? (
        <p>
          {t('inviteStepOne.proCovered', {
            pro: `${context.pro.firstName} ${context.pro.lastName}`,
          })}
        </p>
      ) : null}
      <InviteStepOneForm
        initialValues={start.values ?? knownValues(user)}
        draftForUnchangedFields={start.draftForUnchangedFields}
        submission={submission}
        action={`${JOIN_BASENAME}${INVITE_PATHS.step1}`}
        onDraftChange={saveDraft}
        onSubmit={submit}
        isSubmitting={isSubmitting}
        title={t('invite.stepOne.title')}
      />
    </>
  );
}

/**
 * /invite/step1: 'Create your parent account', prefilled with what
 * the server knows of the co-parent, then what was typed in this tab.
 */
export function InviteStepOneRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('invite.stepOne.title'));
  const location = useLocation();
  const wasReset = (location.state as InviteStepOneLocationState | null)?.wasReset === true;
  return (
    <>
      <PageHeading>{t('invite.stepOne.title')}</PageHeading>
      {wasReset ? (
        <AlertBanner tone="info">
          <p>{t('inviteStepOne.wasReset')}</p>
        </AlertBanner>
      ) : null}
      {/* A new visit (e.g. after the reset) starts the form again from the stored values. */}
      <InviteGate key={location.key}>{(invite) => <StepOne {...invite} />}</InviteGate>
    </>
  );
}

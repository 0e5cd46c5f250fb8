import type { SavedBilling } from '@coparent/domain';
import { type ReactNode, useCallback, useState } from 'react';
import { WaitBanner } from '@/components/wait-banner';
import type { FormSubmission } from '@/lib/form-submission';
import { useDocumentTitle } from '@/lib/use-document-title';
import { defaultCountryFor } from '../billing-values';
import { useCheckoutSession } from '../checkout-session';
import { isSaved, useSaveBilling } from '../hooks/use-save-billing';
import { BILLING_FORM_ID, BillingForm } from './billing-form';
import { CheckoutProblem } from './checkout-problem';

type BillingOnlyFormProps = {
  /** The page's title (the document title; the heading is the route's). */
  title: string;
  saved: SavedBilling | null | undefined;
  submitLabel: string;
  backButton: ReactNode;
  /** Saved: where the flow goes next. */
  onSaved: () => void;
  /** Where the form posts without a script (a page the server wrote), and the post it answers. */
  posting?: { action: string; submission: FormSubmission | undefined };
};

/**
 * The Billing view on its own (/invite/billing-info): the same form and save as the
 * payment page's, without the country check (no package is being bought) or the later views.
 */
export function BillingOnlyForm({
  title,
  saved,
  submitLabel,
  backButton,
  onSaved,
  posting,
}: BillingOnlyFormProps) {
  const session = useCheckoutSession();
  const billing = useSaveBilling();
  // A post answered with its problems shows them from the first paint (the title says so too).
  const [hasErrors, setHasErrors] = useState(posting?.submission !== undefined);
  const onErrorsChange = useCallback((has: boolean) => setHasErrors(has), []);
  useDocumentTitle(title, hasErrors);

  return (
    <>
      {billing.waitSeconds !== undefined ? <WaitBanner seconds={billing.waitSeconds} /> : null}
      {billing.hasProblem ? (
        <CheckoutProblem country={saved?.address.country} retry={{ formId: BILLING_FORM_ID }} />
      ) : null}
      <BillingForm
        parent={session.parent}
        saved={saved}
        defaultCountry={defaultCountryFor(session.defaultCountry, session.parent.phoneCountryCode)}
        onSubmit={async (values) => {
          const result = await billing.save(values);
          if (!isSaved(result)) return result;
          billing.record(values, result.consentRequired);
          onSaved();
          return undefined;
        }}
        isSubmitting={billing.isSaving}
        isWaiting={billing.waitSeconds !== undefined}
        onErrorsChange={onErrorsChange}
        backButton={backButton}
        showReferral={session.showReferral}
        submitLabel={submitLabel}
        {...(posting ? { posting } : {})}
      />
    </>
  );
}

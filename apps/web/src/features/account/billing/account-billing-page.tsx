import { type AccountBilling, accountBillingFormToRequest, type Billing } from '@coparent/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import { PageHeading } from '@/components/page-heading';
import { QueryResult } from '@/components/query-result';
import { Spinner } from '@/components/spinner';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PaymentMethodText } from '../components/payment-method-text';
import { isSessionRequired, useLoginRedirect } from '../session/require-login';
import { loginPath } from '../session/return-to';
import styles from './account-billing.module.css';
import { useAccountBilling, useSaveAccountBilling } from './account-billing-api';
import { BillingAddressForm, type BillingSaveResult } from './billing-address-form';
import {
  type BillingFormInput,
  clearBillingDraft,
  readBillingDraft,
  writeBillingDraft,
} from './billing-draft';
import { billingFormDefaults, draftOwner } from './billing-values';
import type { PaymentFieldsComponent } from './payment-fields-slot';
import { UpdatePaymentMethod } from './update-payment-method';

/** This page inside the account area (where the login comes back to). */
const BILLING_PAGE = '/billing';

/**
 * The account billing page (the funnel's legacy co-parent paths land here): the name and
 * email (read-only), the payment method on file with "Update your card" (the checkout's card
 * fields, `PaymentFields`, handed in by the screen) and the billing address form.
 */
export function AccountBillingPage({ PaymentFields }: { PaymentFields: PaymentFieldsComponent }) {
  const { t } = useTranslation();
  const billing = useAccountBilling();
  const [hasErrors, setHasErrors] = useState(false);
  useDocumentTitle(t('accountBilling.title'), hasErrors);
  // Without a live session: the login page, then back here.
  const isRedirecting = useLoginRedirect(billing.error);

  if (isRedirecting) return <Spinner label={t('accountBilling.loading')} />;
  return (
    <div className={styles.content}>
      <PageHeading>{t('accountBilling.title')}</PageHeading>
      <QueryResult query={billing} messages="accountBilling">
        {(data) => (
          <BillingDetails
            saved={data}
            onErrorsChange={setHasErrors}
            PaymentFields={PaymentFields}
          />
        )}
      </QueryResult>
    </div>
  );
}

function BillingDetails({
  saved,
  onErrorsChange,
  PaymentFields,
}: {
  saved: AccountBilling;
  onErrorsChange: (hasErrors: boolean) => void;
  PaymentFields: PaymentFieldsComponent;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveAccountBilling();
  const owner = draftOwner(saved);
  // The form starts once, from this tab's draft over the saved values; a refetch after a save
  // does not reset what is on screen.
  const [defaults] = useState(() => billingFormDefaults(saved, readBillingDraft(owner)));
  const [status, setStatus] = useState<'idle' | 'saved' | 'failed'>('idle');

  const keepDraft = useCallback(
    (values: Partial<BillingFormInput>) => {
      writeBillingDraft(owner, values);
      setStatus((current) => (current === 'saved' ? 'idle' : current));
    },
    [owner],
  );

  const submit = async (values: Billing): Promise<BillingSaveResult> => {
    setStatus('idle');
    try {
      await save.mutateAsync(accountBillingFormToRequest(values));
      clearBillingDraft();
      setStatus('saved');
      return undefined;
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        return { fieldErrors: error.fieldErrors };
      }
      // The session ended while editing: the draft keeps what was typed for after the login.
      if (isSessionRequired(error)) {
        navigate(loginPath(BILLING_PAGE), { replace: true });
        return undefined;
      }
      setStatus('failed');
      return undefined;
    }
  };

  return (
    <>
      <p className={styles.intro}>{t('accountBilling.intro')}</p>
      <div role="status">
        {status === 'saved' ? <p className={styles.saved}>{t('accountBilling.saved')}</p> : null}
      </div>
      {status === 'failed' ? (
        <AlertBanner tone="error" onClose={() => setStatus('idle')}>
          <p>{t('accountBilling.saveError')}</p>
        </AlertBanner>
      ) : null}
      <section className={styles.section} aria-labelledby="account-billing-holder">
        <h2 id="account-billing-holder">{t('accountBilling.holder.heading')}</h2>
        <dl className={styles.details}>
          <dt>{t('accountBilling.holder.name')}</dt>
          <dd>{`${saved.firstName} ${saved.lastName}`}</dd>
          <dt>{t('accountBilling.holder.email')}</dt>
          <dd>{saved.email ?? t('accountBilling.holder.noEmail')}</dd>
        </dl>
        <p className={styles.note}>{t('accountBilling.holder.readOnly')}</p>
      </section>
      <section className={styles.section} aria-labelledby="account-billing-method">
        <h2 id="account-billing-method">{t('accountBilling.paymentMethod.heading')}</h2>
        <p>
          <PaymentMethodText method={saved.paymentMethod} coveredByCodes={saved.coveredByCodes} />
        </p>
        {/* A method on file is one this user paid with: theirs to replace. */}
        {saved.paymentMethod ? (
          <UpdatePaymentMethod saved={saved} PaymentFields={PaymentFields} />
        ) : null}
      </section>
      <section className={styles.section} aria-labelledby="account-billing-address">
        <h2 id="account-billing-address">{t('accountBilling.address.heading')}</h2>
        <BillingAddressForm
          defaultValues={defaults}
          onSubmit={submit}
          onDraftChange={keepDraft}
          isSubmitting={save.isPending}
          onErrorsChange={onErrorsChange}
        />
      </section>
    </>
  );
}

import {
  type AccountBilling,
  type AccountPaymentMethod,
  FORM_FIELD,
  PAYMENT_METHOD_FIELD,
  type PaymentType,
} from '@coparent/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import { Button } from '@/components/button';
import { ErrorSummary, type ErrorSummaryItem } from '@/components/error-summary';
import { FieldError } from '@/components/field-message';
import { Spinner } from '@/components/spinner';
import { isApiError } from '@/lib/api-client';
import { PaymentMethodText } from '../components/payment-method-text';
import { isSessionRequired } from '../session/require-login';
import { loginPath } from '../session/return-to';
import { useAccountSubscription } from '../subscription/get-account-subscription';
import styles from './account-billing.module.css';
import type { PaymentFieldsComponent, PaymentFieldsHandle } from './payment-fields-slot';
import { usePaymentMethodClientToken, useUpdatePaymentMethod } from './payment-method-api';

/** The card number's field, in both providers' forms: where the summary's link leads. */
const CARD_FIELD_ID = 'card-number';
/** The checkout's method choice (its first box): where a wallet's refusal links. */
const METHOD_CHOICE_ID = 'payment-method';
const BILLING_PAGE = '/billing';

type Problems = { card?: string; form?: string };

/**
 * "Update your card": the checkout's card fields (never a second card form) and the wallets it
 * offers, the method vaulted and verified by the server, then the method on file shown with a
 * confirmation. A refused method is said in the error summary and beside the fields; nothing
 * changes then.
 */
export function UpdatePaymentMethod({
  saved,
  PaymentFields,
}: {
  saved: AccountBilling;
  PaymentFields: PaymentFieldsComponent;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const [isValid, setIsValid] = useState(false);
  const [isTokenizing, setIsTokenizing] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [focusKey, setFocusKey] = useState(0);
  const [updated, setUpdated] = useState<AccountPaymentMethod | null>(null);
  const [method, setMethod] = useState<{ chosen: PaymentType; offered: readonly PaymentType[] }>({
    chosen: 'CREDIT_CARD',
    offered: ['CREDIT_CARD'],
  });
  const [hasFailed, setHasFailed] = useState(false);
  const token = usePaymentMethodClientToken(isOpen);
  // Apple Pay's sheet shows the amount the renewal will charge.
  const subscription = useAccountSubscription({ enabled: isOpen });
  const renewalTotal = subscription.data?.subscription?.renewalPrice?.total ?? 0;
  const update = useUpdatePaymentMethod();
  const fields = useRef<PaymentFieldsHandle>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  const headingId = useId();
  const cardErrorId = useId();

  // Opening moves focus to the form; a saved card moves it to the confirmation.
  useEffect(() => {
    if (isOpen) formHeading.current?.focus();
  }, [isOpen]);
  useEffect(() => {
    if (updated) confirmation.current?.focus();
  }, [updated]);

  const refusal = isApiError(token.error) ? token.error.fieldErrors[0]?.text : undefined;
  const isWallet = method.chosen !== 'CREDIT_CARD';
  // With wallets offered the texts speak of a payment method; the card alone keeps "card".
  const any = method.offered.length > 1 ? 'Any' : '';
  const methodName = t(`checkout.methods.${method.chosen}`);
  const summary: ErrorSummaryItem[] = [
    ...(problems.form ? [{ message: problems.form }] : []),
    ...(problems.card
      ? [{ message: problems.card, fieldId: isWallet ? METHOD_CHOICE_ID : CARD_FIELD_ID }]
      : []),
  ];

  const close = () => {
    setIsOpen(false);
    setProblems({});
    setHasFailed(false);
    // Back where the person was: the button that opened the form.
    requestAnimationFrame(() => openButton.current?.focus());
  };

  const submit = async () => {
    const form = fields.current;
    if (!form || isTokenizing || update.isPending) return;
    setProblems({});
    setHasFailed(false);
    setIsTokenizing(true);
    let nonce: string;
    try {
      const chosen = await form.tokenize({
        cardholderName: `${saved.firstName} ${saved.lastName}`.trim(),
        postalCode: saved.address?.postalCode || undefined,
      });
      if (!chosen) {
        // The fields say what is wrong beside them; the summary points there.
        setProblems({ card: t('accountBilling.update.checkCard') });
        setFocusKey((key) => key + 1);
        return;
      }
      nonce = chosen.nonce;
    } catch {
      setHasFailed(true);
      return;
    } finally {
      setIsTokenizing(false);
    }
    try {
      const answer = await update.mutateAsync(nonce);
      setIsOpen(false);
      setUpdated(answer.paymentMethod);
    } catch (error) {
      if (isSessionRequired(error)) {
        navigate(loginPath(BILLING_PAGE), { replace: true });
        return;
      }
      if (isApiError(error) && error.fieldErrors.length > 0) {
        const card = error.fieldErrors.find((e) => e.field === PAYMENT_METHOD_FIELD)?.text;
        const other = error.fieldErrors.find((e) => e.field === FORM_FIELD)?.text;
        setProblems({ ...(card ? { card } : {}), ...(other ? { form: other } : {}) });
        setFocusKey((key) => key + 1);
        return;
      }
      setHasFailed(true);
    }
  };

  const isBusy = isTokenizing || update.isPending;
  return (
    <>
      <div role="status">
        {updated ? (
          <p ref={confirmation} tabIndex={-1} className={styles.saved}>
            {t(
              updated.paymentType === 'CREDIT_CARD'
                ? 'accountBilling.update.done'
                : 'accountBilling.update.doneWallet',
            )}{' '}
            <PaymentMethodText method={updated} />
          </p>
        ) : null}
      </div>
      {!isOpen ? (
        <Button
          ref={openButton}
          variant="secondary"
          onClick={() => {
            setUpdated(null);
            setIsOpen(true);
          }}
        >
          {t('accountBilling.update.open')}
        </Button>
      ) : (
        <section className={styles.cardUpdate} aria-labelledby={headingId}>
          <h3 id={headingId} ref={formHeading} tabIndex={-1}>
            {t(`accountBilling.update.heading${any}`)}
          </h3>
          <p className={styles.note}>{t(`accountBilling.update.intro${any}`)}</p>
          <ErrorSummary items={summary} focusKey={focusKey} />
          {hasFailed ? (
            <AlertBanner tone="error" onClose={() => setHasFailed(false)}>
              <p>{t(`accountBilling.update.failed${any}`)}</p>
            </AlertBanner>
          ) : null}
          {token.isPending ? (
            <Spinner label={t('accountBilling.update.loading')} />
          ) : refusal ? (
            <p>{refusal}</p>
          ) : token.isError ? (
            <AlertBanner tone="error" autoHideMs={null}>
              <p>{t('payment_unavailable_error', { ns: 'validation' })}</p>
            </AlertBanner>
          ) : (
            <div
              className={problems.card ? styles.cardFieldsError : undefined}
              aria-describedby={problems.card ? cardErrorId : undefined}
            >
              <FieldError id={cardErrorId} message={problems.card} />
              <PaymentFields
                ref={fields}
                clientToken={token.data}
                country={saved.address?.country}
                total={renewalTotal}
                onValidityChange={setIsValid}
                onMethodChange={setMethod}
                isDisabled={isBusy}
              />
            </div>
          )}
          <div className={styles.actions}>
            <Button
              onClick={() => void submit()}
              disabled={!isValid || !token.data}
              isLoading={isBusy}
            >
              {isWallet
                ? t('accountBilling.update.submitWallet', { method: methodName })
                : t('accountBilling.update.submit')}
            </Button>
            <Button variant="secondary" onClick={close} disabled={isBusy}>
              {t('accountBilling.update.cancel')}
            </Button>
          </div>
        </section>
      )}
    </>
  );
}

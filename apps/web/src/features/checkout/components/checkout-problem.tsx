import { supportPhoneFor } from '@coparent/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { SupportPhoneSentence } from '@/components/support-phone-sentence';
import { type Retry, TryAgainButton } from '@/components/try-again-button';

type CheckoutProblemProps = {
  /** The billing country (its support line); the default line otherwise. */
  country?: string;
  /** The message; the generic one by default. */
  children?: ReactNode;
  /** How the failed submit can be sent again: the banner then offers "Try again". */
  retry?: Retry;
};

/** A calm error banner with the support phone of the visitor's country; "Try again" stays. */
export function CheckoutProblem({ country, children, retry }: CheckoutProblemProps) {
  const { t } = useTranslation();
  const phone = supportPhoneFor(country);
  return (
    <AlertBanner tone="error" action={retry ? <TryAgainButton retry={retry} /> : undefined}>
      <p>{children ?? t('genericErrorMessage', { ns: 'validation' })}</p>
      <p>
        <SupportPhoneSentence phone={phone} />
      </p>
    </AlertBanner>
  );
}

import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { SupportPhoneSentence } from '@/components/support-phone-sentence';

type CredentialsFailedProps = {
  phone: ComponentProps<typeof SupportPhoneSentence>['phone'];
  action?: ReactNode;
  /** What else the flow has to say, between the message and the support line. */
  children?: ReactNode;
};

/** The username and password could not be set: the message and the support line to call. */
export function CredentialsFailed({ phone, action, children }: CredentialsFailedProps) {
  const { t } = useTranslation();
  return (
    <AlertBanner tone="error" action={action}>
      <p>{t('credentials_error', { ns: 'validation' })}</p>
      {children}
      <p>
        <SupportPhoneSentence phone={phone} />
      </p>
    </AlertBanner>
  );
}

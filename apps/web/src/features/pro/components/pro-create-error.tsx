import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { Button } from '@/components/button';
import { RichText } from '@/components/rich-text';
import { useProSupportPhone } from '../hooks/use-pro-support-phone';
import { PRO_STEP_THREE_FORM_ID } from './pro-step-three-form';

/** The banner's heading: focus moves here when a submit fails. */
export const PRO_ERROR_HEADING_ID = 'pro-error-heading';

/**
 * ERROR: the registration could not be created. "Try again" submits the step-3 form once more
 * (its values are checked again first); the support phone is the practice country's.
 */
export function ProCreateError() {
  const { t } = useTranslation();
  const phone = useProSupportPhone();
  return (
    <AlertBanner
      tone="error"
      action={
        <Button type="submit" form={PRO_STEP_THREE_FORM_ID}>
          {t('pro.error.retry')}
        </Button>
      }
    >
      <h3 id={PRO_ERROR_HEADING_ID} tabIndex={-1}>
        {t('pro.error.title')}
      </h3>
      <p>{t('pro.error.text')}</p>
      <p>
        <RichText
          i18nKey="pro.error.support"
          values={{ phone: phone.display }}
          components={{
            // biome-ignore lint/a11y/useAnchorContent: RichText puts the phone number inside
            phone: <a href={`tel:${phone.tel}`} />,
          }}
        />
      </p>
    </AlertBanner>
  );
}

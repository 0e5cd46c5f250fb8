import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { Button } from '@/components/button';
import type { CodeRefusal } from '../code-refusal';

type CodeRefusalBannerProps = {
  refusal: CodeRefusal;
  onRemove: () => void;
};

/**
 * A code kept from the packages step that cannot pay for this order: why (the server's words,
 * naming the packages it is for), and Remove code, which prices the order without it. Trying
 * again could never help, so it stays until the code goes.
 */
export function CodeRefusalBanner({ refusal, onRemove }: CodeRefusalBannerProps) {
  const { t } = useTranslation();
  return (
    <AlertBanner
      tone="warning"
      autoHideMs={null}
      action={
        <Button variant="secondary" onClick={onRemove}>
          {t('checkout.codeRefusal.remove')}
        </Button>
      }
    >
      <p>
        <strong>{t('checkout.codeRefusal.heading', { code: refusal.code })}</strong>
      </p>
      <p>{refusal.text}</p>
      <p>
        {refusal.isForOtherPackages
          ? t('checkout.codeRefusal.otherPackagesHint')
          : t('checkout.codeRefusal.hint')}
      </p>
    </AlertBanner>
  );
}

import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';

type CountryMismatchDialogProps = {
  isOpen: boolean;
  /** true: OK (forget the package, save, choose again); false: stay and change the country. */
  onAnswer: (isConfirmed: boolean) => void;
};

/** The chosen package is not sold in the billing country. */
export function CountryMismatchDialog({ isOpen, onAnswer }: CountryMismatchDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onAnswer(false);
      }}
      title={t('checkout.mismatch.title')}
      description={<p>{t('pricing_countryMismatch_error', { ns: 'validation' })}</p>}
      actions={
        <>
          <Button onClick={() => onAnswer(true)}>{t('checkout.mismatch.ok')}</Button>
          <Button variant="secondary" onClick={() => onAnswer(false)}>
            {t('checkout.mismatch.cancel')}
          </Button>
        </>
      }
    />
  );
}

import { CO_PARENT_DUPLICATE_CONFIRMED_FIELD } from '@coparent/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { Button } from '@/components/button';

type DuplicateWarningProps = {
  text: string;
  onContinue: () => void;
  isContinuing: boolean;
  /** The form "Continue" posts, confirmed, when the page runs no script. */
  formId: string;
};

/** The family step's co-parent duplicate warning: it does not block, "Continue" goes on. */
export function DuplicateWarning({
  text,
  onContinue,
  isContinuing,
  formId,
}: DuplicateWarningProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <AlertBanner
      tone="warning"
      action={
        <Button
          type="submit"
          form={formId}
          name={CO_PARENT_DUPLICATE_CONFIRMED_FIELD}
          value="yes"
          onClick={(event) => {
            event.preventDefault();
            onContinue();
          }}
          isLoading={isContinuing}
        >
          {t('common.continue')}
        </Button>
      }
    >
      <h2 ref={heading} tabIndex={-1}>
        {t('stepTwo.duplicateHeading')}
      </h2>
      <p>{text}</p>
    </AlertBanner>
  );
}

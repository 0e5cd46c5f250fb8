import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { CodeBox, CodeForm } from '@/components/code-box/code-box';
import type { CodeStatus } from '../hooks/use-subscription-code';
import styles from './packages.module.css';

type SubscriptionCodeBoxProps = {
  /** The accepted code, shown as applied. */
  appliedCode?: string;
  /** The names of the packages it can be used with. */
  packageNames?: readonly string[];
  /** True when it can be used with every package shown. */
  fitsEveryPackage?: boolean;
  status: CodeStatus;
  /** Why the server refused the code (unknown, used, expired, another country or packages). */
  refusal?: string;
  isChecking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
};

/**
 * "Have a subscription code?" on the package step: a collapsible box; the input is trimmed,
 * Apply is disabled while it is empty, and an invalid code shows 'Invalid activation code' beside
 * the field, followed by the server's reason.
 */
export function SubscriptionCodeBox({
  appliedCode,
  packageNames = [],
  fitsEveryPackage = false,
  status,
  refusal,
  isChecking,
  onApply,
  onRemove,
}: SubscriptionCodeBoxProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(Boolean(appliedCode));
  const [value, setValue] = useState('');
  const isOpenNow = isOpen || Boolean(appliedCode) || status !== 'idle';
  const inputRef = useRef<HTMLInputElement>(null);

  const [shouldFocusField, setShouldFocusField] = useState(false);

  // A refused code: back to the field, whose description now carries the message.
  useEffect(() => {
    if (status !== 'idle') inputRef.current?.focus();
  }, [status]);

  // After "Remove code" the field comes back: focus moves to it rather than being lost.
  useEffect(() => {
    if (shouldFocusField && !appliedCode && inputRef.current) {
      inputRef.current.focus();
      setShouldFocusField(false);
    }
  }, [shouldFocusField, appliedCode]);

  return (
    <CodeBox
      panelId="subscription-code-panel"
      toggleLabel={t('packages.codeToggle')}
      isOpen={isOpenNow}
      onToggle={() => setIsOpen(!isOpenNow)}
      className={styles.codeBox}
      applied={
        appliedCode ? (
          <p className={styles.applied}>
            <strong>{t('packages.codeApplied', { code: appliedCode })}</strong>
            {fitsEveryPackage
              ? ` ${t('packages.codeFitsAll')}`
              : packageNames.length > 0
                ? ` ${t('packages.codeFits', { packages: packageNames.join(', ') })}`
                : null}
          </p>
        ) : null
      }
    >
      {appliedCode ? (
        <Button
          variant="link"
          onClick={() => {
            onRemove();
            setShouldFocusField(true);
          }}
        >
          {t('packages.removeCode')}
        </Button>
      ) : (
        <CodeForm
          fieldId="subscription-code"
          label={t('packages.codeLabel')}
          hint={t('packages.codeHint')}
          error={
            status === 'invalid'
              ? [t('payment_activationCode_error', { ns: 'validation' }), refusal]
                  .filter(Boolean)
                  .join('. ')
              : status === 'failed'
                ? t('packages.codeCheckFailed')
                : undefined
          }
          applyLabel={t('packages.apply')}
          value={value}
          onValueChange={setValue}
          isChecking={isChecking}
          onApply={onApply}
          inputRef={inputRef}
        />
      )}
    </CodeBox>
  );
}

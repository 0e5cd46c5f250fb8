import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { CodeBox as CodeBoxShell, CodeForm } from '@/components/code-box/code-box';
import type { AppliedCode, CodeBoxStatus } from '../hooks/use-code-box';
import styles from './checkout.module.css';

type CodeBoxProps = {
  isOpen: boolean;
  onToggle: () => void;
  value: string;
  onValueChange: (value: string) => void;
  applied: readonly AppliedCode[];
  status: CodeBoxStatus;
  /** Why the server refused a subscription code (unknown codes have none: an invalid promo). */
  refusal?: string | undefined;
  isChecking: boolean;
  onApply: (code: string) => void;
  onRemove: (code: AppliedCode) => void;
};

/**
 * "Have a promo or subscription code?": a disclosure; Apply is disabled while the field is blank;
 * the code is trimmed; the server prices it. A subscription code it refuses says why, as on the
 * packages step ("Invalid activation code. <reason>"). Applied codes can be removed.
 */
export function CodeBox({
  isOpen,
  onToggle,
  value,
  onValueChange,
  applied,
  status,
  refusal,
  isChecking,
  onApply,
  onRemove,
}: CodeBoxProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);

  // A refused code: back to the field, whose description carries the message.
  useEffect(() => {
    if (status === 'invalid' || status === 'failed') inputRef.current?.focus();
  }, [status]);

  const error =
    status === 'invalid' && refusal
      ? [t('payment_activationCode_error', { ns: 'validation' }), refusal].join('. ')
      : status === 'invalid' || status === 'rejected'
        ? t('payment_promoCode_error', { ns: 'validation' })
        : status === 'failed'
          ? t('checkout.code.failed')
          : undefined;

  return (
    <CodeBoxShell
      panelId="checkout-code-panel"
      toggleLabel={t('checkout.code.toggle')}
      isOpen={isOpen}
      onToggle={onToggle}
      applied={
        applied.length > 0 ? (
          <ul className={styles.appliedList}>
            {applied.map((code) => (
              <li key={`${code.kind}-${code.code}`}>
                <span>
                  {code.amountFormatted
                    ? t('checkout.code.appliedAmount', {
                        code: code.code,
                        amount: code.amountFormatted,
                      })
                    : t('checkout.code.applied', { code: code.code })}
                </span>{' '}
                <Button
                  variant="link"
                  onClick={() => onRemove(code)}
                  aria-label={t('checkout.code.removeLabel', { code: code.code })}
                >
                  {t('checkout.code.remove')}
                </Button>
              </li>
            ))}
          </ul>
        ) : null
      }
    >
      <CodeForm
        fieldId="checkout-code"
        label={t('checkout.code.label')}
        hint={t('checkout.code.hint')}
        error={error}
        applyLabel={t('checkout.code.apply')}
        value={value}
        onValueChange={onValueChange}
        isChecking={isChecking}
        onApply={onApply}
        inputRef={inputRef}
      />
    </CodeBoxShell>
  );
}

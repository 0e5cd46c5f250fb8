import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import type { CodeBoxStatus } from '../hooks/use-code-box';
import styles from './checkout.module.css';

const PANEL_ID = 'checkout-code-panel';
const FIELD_ID = 'checkout-code';

export type AppliedCode = {
  code: string;
  kind: 'promo' | 'subscription';
  amountFormatted?: string;
};

type CodeBoxProps = {
  isOpen: boolean;
  onToggle: () => void;
  value: string;
  onValueChange: (value: string) => void;
  applied: readonly AppliedCode[];
  status: CodeBoxStatus;
  isChecking: boolean;
  onApply: (code: string) => void;
  onRemove: (code: AppliedCode) => void;
};

/**
 * "Have a promo or subscription code?" (spec 001 §2): a disclosure; Apply is disabled while the
 * field is blank; the code is trimmed; the server prices it. Applied codes can be removed.
 */
export function CodeBox({
  isOpen,
  onToggle,
  value,
  onValueChange,
  applied,
  status,
  isChecking,
  onApply,
  onRemove,
}: CodeBoxProps) {
  const { t } = useTranslation();
  const trimmed = value.trim();
  const inputRef = useRef<HTMLInputElement>(null);

  // A refused code: back to the field, whose description carries the message.
  useEffect(() => {
    if (status === 'invalid' || status === 'failed') inputRef.current?.focus();
  }, [status]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '') return;
    onValueChange(trimmed);
    onApply(trimmed);
  };

  const error =
    status === 'invalid' || status === 'rejected'
      ? t('payment_promoCode_error', { ns: 'validation' })
      : status === 'failed'
        ? t('checkout.code.failed')
        : undefined;

  return (
    <div className={styles.codeBox}>
      <Button variant="link" aria-expanded={isOpen} aria-controls={PANEL_ID} onClick={onToggle}>
        {t('checkout.code.toggle')}
      </Button>
      <div id={PANEL_ID} hidden={!isOpen} className={styles.codePanel}>
        <div role="status">
          {applied.length > 0 ? (
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
          ) : null}
        </div>
        <form className={styles.codeRow} onSubmit={submit} noValidate>
          <TextField
            id={FIELD_ID}
            label={t('checkout.code.label')}
            hint={t('checkout.code.hint')}
            error={error}
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
            onBlur={() => onValueChange(value.trim())}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            ref={inputRef}
          />
          <Button
            type="submit"
            variant="secondary"
            disabled={trimmed === ''}
            isLoading={isChecking}
          >
            {t('checkout.code.apply')}
          </Button>
        </form>
      </div>
    </div>
  );
}

import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import type { CodeStatus } from '../hooks/use-subscription-code';
import styles from './packages.module.css';

const PANEL_ID = 'subscription-code-panel';
const FIELD_ID = 'subscription-code';

type SubscriptionCodeBoxProps = {
  /** The accepted code, shown as applied. */
  appliedCode?: string;
  /** The names of the packages it can be used with. */
  packageNames?: readonly string[];
  /** True when it can be used with every package shown. */
  fitsEveryPackage?: boolean;
  status: CodeStatus;
  isChecking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
};

/**
 * "Have a subscription code?" (spec 000 §5, package step): a collapsible box; the input is trimmed,
 * Apply is disabled while it is empty, and an invalid code shows 'Invalid activation code' beside
 * the field.
 */
export function SubscriptionCodeBox({
  appliedCode,
  packageNames = [],
  fitsEveryPackage = false,
  status,
  isChecking,
  onApply,
  onRemove,
}: SubscriptionCodeBoxProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(Boolean(appliedCode));
  const [value, setValue] = useState('');
  const isOpenNow = isOpen || Boolean(appliedCode) || status !== 'idle';
  const trimmed = value.trim();
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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (trimmed === '') return;
    setValue(trimmed);
    onApply(trimmed);
  };

  return (
    <div className={styles.codeBox}>
      <Button
        variant="link"
        aria-expanded={isOpenNow}
        aria-controls={PANEL_ID}
        onClick={() => setIsOpen(!isOpenNow)}
      >
        {t('packages.codeToggle')}
      </Button>
      <div id={PANEL_ID} hidden={!isOpenNow} className={styles.codePanel}>
        {/* Always in the page, so that a newly applied code is announced. */}
        <div role="status">
          {appliedCode ? (
            <p className={styles.applied}>
              <strong>{t('packages.codeApplied', { code: appliedCode })}</strong>
              {fitsEveryPackage
                ? ` ${t('packages.codeFitsAll')}`
                : packageNames.length > 0
                  ? ` ${t('packages.codeFits', { packages: packageNames.join(', ') })}`
                  : null}
            </p>
          ) : null}
        </div>
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
          <form className={styles.codeRow} onSubmit={submit} noValidate>
            <TextField
              id={FIELD_ID}
              label={t('packages.codeLabel')}
              hint={t('packages.codeHint')}
              error={
                status === 'invalid'
                  ? t('payment_activationCode_error', { ns: 'validation' })
                  : status === 'failed'
                    ? t('packages.codeCheckFailed')
                    : undefined
              }
              value={value}
              onChange={(event) => setValue(event.target.value)}
              onBlur={() => setValue((current) => current.trim())}
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
              {t('packages.apply')}
            </Button>
          </form>
        )}
      </div>
    </div>
  );
}

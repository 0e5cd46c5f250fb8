import { type PasswordIdentity, USERNAME_MAX_LENGTH } from '@coparent/domain';
import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordToggle } from '@/components/password-toggle';
import { TextField } from '@/components/text-field';
import styles from './credentials.module.css';
import { PasswordChecklist } from './password-checklist';

type UsernamePasswordFieldsProps = {
  usernameId: string;
  passwordId: string;
  username: UseFormRegisterReturn;
  password: UseFormRegisterReturn;
  /** The password typed now, for the live requirements checklist. */
  passwordValue: string;
  /** The username typed now and the account's email, which the password may not be or contain. */
  identity: PasswordIdentity;
  usernameError?: string;
  passwordError?: string;
};

/**
 * The username field and the password with its show/hide toggle and live requirements checklist,
 * shared by Parent A's and the invited co-parent's forms.
 */
export function UsernamePasswordFields({
  usernameId,
  passwordId,
  username,
  password,
  passwordValue,
  identity,
  usernameError,
  passwordError,
}: UsernamePasswordFieldsProps) {
  const { t } = useTranslation();
  const [isPasswordShown, setIsPasswordShown] = useState(false);
  const checklistId = useId();
  return (
    <>
      <TextField
        id={usernameId}
        label={t('credentials.username')}
        hint={t('credentials.usernameHint')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={USERNAME_MAX_LENGTH}
        error={usernameError}
        {...username}
      />
      <div className={styles.passwordRow}>
        <TextField
          id={passwordId}
          label={t('credentials.password')}
          type={isPasswordShown ? 'text' : 'password'}
          autoComplete="new-password"
          autoCapitalize="none"
          spellCheck={false}
          error={passwordError}
          aria-describedby={checklistId}
          {...password}
        />
        <PasswordToggle
          isShown={isPasswordShown}
          onToggle={() => setIsPasswordShown((shown) => !shown)}
          controls={passwordId}
          showLabel={t('credentials.showPassword')}
          hideLabel={t('credentials.hidePassword')}
        />
      </div>
      <PasswordChecklist id={checklistId} password={passwordValue} identity={identity} />
    </>
  );
}

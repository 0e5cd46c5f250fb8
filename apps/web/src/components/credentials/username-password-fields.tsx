import { type PasswordIdentity, USERNAME_MAX_LENGTH } from '@coparent/domain';
import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RevealablePasswordField } from '@/components/password-field';
import { UsernameField } from '@/components/username-field';
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
  /** The username a page answering a post is written with (the password never is). */
  usernameDefault?: string;
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
  usernameDefault,
}: UsernamePasswordFieldsProps) {
  const { t } = useTranslation();
  const [isPasswordShown, setIsPasswordShown] = useState(false);
  const checklistId = useId();
  return (
    <>
      <UsernameField
        id={usernameId}
        label={t('credentials.username')}
        hint={t('credentials.usernameHint')}
        maxLength={USERNAME_MAX_LENGTH}
        error={usernameError}
        defaultValue={usernameDefault}
        {...username}
      />
      <RevealablePasswordField
        id={passwordId}
        label={t('credentials.password')}
        autoComplete="new-password"
        isShown={isPasswordShown}
        onToggle={() => setIsPasswordShown((shown) => !shown)}
        showLabel={t('credentials.showPassword')}
        hideLabel={t('credentials.hidePassword')}
        error={passwordError}
        aria-describedby={checklistId}
        {...password}
      />
      <PasswordChecklist id={checklistId} password={passwordValue} identity={identity} />
    </>
  );
}

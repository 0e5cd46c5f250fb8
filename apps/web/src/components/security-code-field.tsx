import { SECURITY_CODE_LENGTH } from '@coparent/domain';
import type { ComponentProps } from 'react';
import { TextField } from './text-field';

type SecurityCodeFieldProps = Omit<
  ComponentProps<typeof TextField>,
  'isDigitsOnly' | 'maxLength' | 'fieldWidth'
>;

/** A security code (or its confirmation): a short digits-only field, never autofilled. */
export function SecurityCodeField(props: SecurityCodeFieldProps) {
  return (
    <TextField
      isDigitsOnly
      maxLength={SECURITY_CODE_LENGTH}
      autoComplete="off"
      fieldWidth="short"
      {...props}
    />
  );
}

import type { ComponentProps } from 'react';
import { TextField } from './text-field';

/** A username field: autofilled as the username, no capitals and no spelling marks. */
export function UsernameField(props: ComponentProps<typeof TextField>) {
  return <TextField autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />;
}

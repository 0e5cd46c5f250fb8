import type { ComponentProps } from 'react';
import { TextField } from './text-field';

/** An email address field: the email keyboard and autofill, no capitals and no spelling marks. */
export function EmailField(props: ComponentProps<typeof TextField>) {
  return (
    <TextField
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

import type { ComponentProps } from 'react';
import styles from './button.module.css';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'link';

type ButtonProps = ComponentProps<'button'> & {
  variant?: Variant;
  isLoading?: boolean;
  isFullWidth?: boolean;
};

export function buttonClassName(variant: Variant = 'primary', isFullWidth = false): string {
  return [styles.button, styles[variant], isFullWidth ? styles.fullWidth : ''].join(' ');
}

export function Button({
  variant = 'primary',
  isLoading = false,
  isFullWidth = false,
  type = 'button',
  disabled,
  children,
  className,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={[buttonClassName(variant, isFullWidth), className ?? ''].join(' ')}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...props}
    >
      {isLoading ? <Spinner size="small" /> : null}
      {children}
    </button>
  );
}

type ButtonLinkProps = ComponentProps<'a'> & { variant?: Variant; isFullWidth?: boolean };

/** A link that looks like a button: for full page loads (e.g. the account login page). */
export function ButtonLink({
  variant = 'primary',
  isFullWidth = false,
  className,
  ...props
}: ButtonLinkProps) {
  return (
    <a className={[buttonClassName(variant, isFullWidth), className ?? ''].join(' ')} {...props} />
  );
}

import { Button } from './button';

type PasswordToggleProps = {
  isShown: boolean;
  onToggle: () => void;
  /** The id(s) of the password field(s) it shows. */
  controls: string;
  showLabel: string;
  hideLabel: string;
};

/**
 * Shows or hides a password. The label says what the next press does ("Hide password" while the
 * password shows) and aria-pressed tells whether it is shown, so both sighted and screen-reader
 * users know the field's state.
 */
export function PasswordToggle({
  isShown,
  onToggle,
  controls,
  showLabel,
  hideLabel,
}: PasswordToggleProps) {
  return (
    <Button variant="secondary" aria-pressed={isShown} aria-controls={controls} onClick={onToggle}>
      {isShown ? hideLabel : showLabel}
    </Button>
  );
}

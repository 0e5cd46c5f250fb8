import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PasswordToggle } from './password-toggle';

function Field() {
  const [isShown, setIsShown] = useState(false);
  return (
    <>
      <label htmlFor="secret">Password</label>
      <input id="secret" type={isShown ? 'text' : 'password'} />
      <PasswordToggle
        isShown={isShown}
        onToggle={() => setIsShown((shown) => !shown)}
        controls="secret"
        showLabel="Show password"
        hideLabel="Hide password"
      />
    </>
  );
}

describe('PasswordToggle', () => {
  it('reads "Hide password", pressed, while the password shows', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Hide password');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Show password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });
});

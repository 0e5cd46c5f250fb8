import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StepIndicator } from './step-indicator';

function renderIndicator(currentStep: number, lastCompletedStep: number) {
  const router = createMemoryRouter(
    [
      {
        path: '/step1',
        element: <StepIndicator currentStep={currentStep} lastCompletedStep={lastCompletedStep} />,
      },
      {
        path: '/step2',
        element: <StepIndicator currentStep={currentStep} lastCompletedStep={lastCompletedStep} />,
      },
      { path: '/step3', element: <p>Step 3 screen</p> },
    ],
    { initialEntries: ['/step2'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('StepIndicator', () => {
  it('enables circles up to the last completed step + 1 and disables the rest', () => {
    renderIndicator(2, 1);
    expect(screen.getByRole('navigation', { name: 'Signup progress' })).toBeVisible();
    expect(screen.getByRole('button', { name: /Step 1: Your account/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Step 2: Your family/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Step 3: Package/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Step 4: Payment/ })).toBeDisabled();
  });

  it('marks the current step with aria-current="step"', () => {
    renderIndicator(2, 1);
    expect(screen.getByRole('button', { name: /Step 2/ })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('button', { name: /Step 1/ })).not.toHaveAttribute('aria-current');
  });

  it('navigates to an enabled step', async () => {
    const router = renderIndicator(2, 2);
    await userEvent.click(screen.getByRole('button', { name: /Step 3: Package/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/step3'));
  });
});

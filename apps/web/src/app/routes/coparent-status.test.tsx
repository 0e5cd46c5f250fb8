import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('/coparentstatus', () => {
  it('goes to /step1 when the co-parent has no account', async () => {
    const { user, router } = await renderApp('/coparentstatus');
    await user.click(screen.getByRole('button', { name: "No, they don't" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/step1'));
  });

  it('explains where the invitation is when the co-parent has an account', async () => {
    const { user } = await renderApp('/coparentstatus');
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, they do' }));
    expect(screen.getByRole('heading', { name: 'Check your email' })).toHaveFocus();
    expect(
      screen.getByText(/An email with instructions to sign up should have arrived/),
    ).toBeVisible();
    expect(screen.getByText(/check your spam or junk folder/)).toBeVisible();
    const region = screen.getByRole('region', { name: 'Check your email' });
    expect(region).toHaveTextContent('Need help? Call us at (866) 755-9991.');
    expect(
      screen.getAllByRole('link', { name: 'Log in' }).map((link) => link.getAttribute('href')),
    ).toEqual(['/app/account/login', '/app/account/login']);
  });
});

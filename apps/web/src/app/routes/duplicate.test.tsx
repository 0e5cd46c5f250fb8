import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFunnelStore } from '@/stores/funnel-store';
import { seedFunnel } from '@/test/join-fixtures';
import { renderApp } from '@/test/render-app';

describe('/duplicate', () => {
  it('copes without navigation state and resets the funnel on arrival', async () => {
    seedFunnel(1);
    await renderApp('/duplicate');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Get connected to your co-parent' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Your co-parent may already have signed up, or an account may already exist for your email address.',
      ),
    ).toBeVisible();
    expect(useFunnelStore.getState()).toMatchObject({
      signupId: undefined,
      stepOneValues: undefined,
    });
    expect(document.title).toBe('Get connected to your co-parent – CoParent Hub');
  });

  it('names the person and the email the step-1 submit sent', async () => {
    await renderApp('/duplicate', { state: { name: 'Ana', email: 'ana@example.com' } });
    expect(
      screen.getByText(
        'Ana, your co-parent may already have signed up, or an account may already exist for ana@example.com.',
      ),
    ).toBeVisible();
  });

  it('links to the recovery and the login pages as plain links', async () => {
    await renderApp('/duplicate');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Recover your username or password' })).toHaveAttribute(
      'href',
      '/app/account/recover',
    );
    expect(main.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/app/account/login',
    );
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { onProLookups } from '@/test/pro-fixtures';
import { renderApp } from '@/test/render-app';

describe('/signup', () => {
  it('sends parents to /coparentstatus by default', async () => {
    const { user, router } = await renderApp('/signup');
    await user.click(screen.getByRole('link', { name: 'For Parents' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/coparentstatus'));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Does your co-parent already have an account?',
      }),
    ).toHaveFocus();
  });

  it('sends parents straight to /step1 when remove-coparent-status is in treatment', async () => {
    const { user, router } = await renderApp('/signup', {
      flags: { 'remove-coparent-status': 'Treatment' },
    });
    await user.click(screen.getByRole('link', { name: 'For Parents' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/step1'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your parent account' }),
    ).toBeVisible();
  });

  it('keeps /coparentstatus for the control group', async () => {
    const { user, router } = await renderApp('/signup', {
      flags: { 'remove-coparent-status': 'Control' },
    });
    await user.click(screen.getByRole('link', { name: 'For Parents' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/coparentstatus'));
  });

  it('sends professionals to /pro', async () => {
    mockFetch(onProLookups());
    const { user } = await renderApp('/signup');
    await user.click(screen.getByRole('link', { name: 'For Professionals' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Professional registration' }),
    ).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Step 1 of 3 About you' }),
    ).toBeVisible();
  });

  it('redirects the root path to /signup', async () => {
    const { router } = await renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    // The router's location moves before React has rendered the lazily loaded screen that names the tab.
    await waitFor(() => expect(document.title).toBe('Sign up – CoParent Hub'));
  });

  it('shows a friendly page for an unknown path', async () => {
    await renderApp('/nowhere');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the signup page' })).toBeVisible();
  });
});

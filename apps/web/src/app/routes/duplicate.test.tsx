import { screen } from '@testing-library/react';
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
});

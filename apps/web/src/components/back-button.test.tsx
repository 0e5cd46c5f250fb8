import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { readQueue, subscribe } from '../lib/analytics';
import { BackButton } from './back-button';

describe('BackButton', () => {
  it('goes to the previous funnel path and records a back-click event', async () => {
    const router = createMemoryRouter(
      [
        { path: '/step3', element: <BackButton to="/step2" /> },
        { path: '/step2', element: <p>Step 2 screen</p> },
      ],
      { initialEntries: ['/step3'] },
    );
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    render(<RouterProvider router={router} />);

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/step2'));
    const expected = {
      type: 'track',
      event: 'Back Clicked',
      properties: { from: '/step3', to: '/step2' },
    };
    expect(readQueue()).toEqual([expect.objectContaining(expected)]);
    expect(window.__analyticsEvents).toEqual([expect.objectContaining(expected)]);
    expect(listener).toHaveBeenCalledWith(expect.objectContaining(expected));
    unsubscribe();
  });
});

import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrefetchNextStep } from './prefetch-next-step';

/** The build's table as `route-preloads.json` holds it: each screen's chunks and styles. */
const TABLE = {
  '/step2': { scripts: ['/app/join/assets/step-two.js', '/app/join/assets/shared.js'], styles: [] },
  '/alacarte': { scripts: ['/app/join/assets/alacarte.js'], styles: [] },
  '/payment': {
    scripts: ['/app/join/assets/payment.js', '/app/join/assets/shared.js'],
    styles: ['/app/join/assets/payment.css'],
  },
  '/credentials': { scripts: ['/app/join/assets/credentials.js'], styles: [] },
};

function openAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <PrefetchNextStep /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const linked = (rel: string) =>
  [...document.head.querySelectorAll(`link[rel="${rel}"]`)].map((link) =>
    link.getAttribute('href'),
  );

describe('PrefetchNextStep', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(TABLE), { status: 200 })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    for (const link of document.head.querySelectorAll('link')) link.remove();
  });

  it("preloads the next step's chunks once a step has rendered, without running them", async () => {
    openAt('/step1');
    await waitFor(() =>
      expect(linked('modulepreload')).toEqual([
        '/app/join/assets/step-two.js',
        '/app/join/assets/shared.js',
      ]),
    );
    expect(fetch).toHaveBeenCalledWith(expect.stringMatching(/\/route-preloads\.json$/));
  });

  it('preloads both screens a step can lead to once each, and follows the navigation', async () => {
    const router = openAt('/step3');
    await waitFor(() =>
      expect(linked('modulepreload').sort()).toEqual(
        [
          '/app/join/assets/alacarte.js',
          '/app/join/assets/payment.js',
          '/app/join/assets/shared.js',
        ].sort(),
      ),
    );
    expect(linked('prefetch')).toEqual(['/app/join/assets/payment.css']);
    await router.navigate('/payment');
    await waitFor(() =>
      expect(linked('modulepreload')).toContain('/app/join/assets/credentials.js'),
    );
  });

  it('preloads nothing after the last screen', async () => {
    openAt('/receipt');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(linked('modulepreload')).toEqual([]);
  });
});

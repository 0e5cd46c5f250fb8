import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_MODULES } from '../route-modules';
import { PrefetchNextStep } from './prefetch-next-step';

vi.mock('../route-modules', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../route-modules')>();
  const spied = Object.fromEntries(
    Object.keys(actual.ROUTE_MODULES).map((path) => [path, vi.fn(async () => ({}))]),
  );
  return { ...actual, ROUTE_MODULES: spied };
});

function openAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <PrefetchNextStep /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const requested = () =>
  Object.entries(ROUTE_MODULES)
    .filter(([, load]) => vi.mocked(load).mock.calls.length > 0)
    .map(([path]) => path);

describe('PrefetchNextStep', () => {
  afterEach(() => {
    for (const load of Object.values(ROUTE_MODULES)) vi.mocked(load).mockClear();
  });

  it("requests the next step's chunk once a step has rendered", async () => {
    openAt('/step1');
    await waitFor(() => expect(requested()).toEqual(['/step2']));
  });

  it('requests both screens a step can lead to, and follows the navigation', async () => {
    const router = openAt('/step3');
    await waitFor(() => expect(requested()).toEqual(['/alacarte', '/payment'].sort()));
    await router.navigate('/payment');
    await waitFor(() => expect(requested()).toContain('/credentials'));
  });

  it('requests nothing after the last screen', async () => {
    openAt('/receipt');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requested()).toEqual([]);
  });
});

import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullPage } from '@/lib/full-page';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('legacy co-parent paths', () => {
  it.each([
    '/step1/parentb',
    '/step1/address',
    '/step2/parentb',
    '/alacarte/parentb',
    '/payment/parentb',
    '/receipt/parentb',
    '/securityquestions',
    '/termsandconditions',
    '/step1/parentb/extra',
    '/termsandconditions/en/v2',
  ])('%s goes to the account billing page', async (path) => {
    const assign = vi.spyOn(fullPage, 'assign').mockImplementation(() => {});
    await renderApp(path);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/account/billing'));
  });

  it('leaves the current screens alone', async () => {
    const assign = vi.spyOn(fullPage, 'assign').mockImplementation(() => {});
    await renderApp('/signup');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(assign).not.toHaveBeenCalled();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProStore } from '@/features/pro/pro-store';
import { useFunnelStore } from '@/stores/funnel-store';
import { storeInviteToken } from '@/stores/invite-token';
import { mockFetch, on } from '@/test/fetch-mock';
import { INVITE_TOKEN, invitedContext } from '@/test/invite-fixtures';
import { renderApp } from '@/test/render-app';

describe('layout', () => {
  it('has a skip link, a login link as a full page load, and the footer links', async () => {
    const { user } = await renderApp('/signup');
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    await user.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();

    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Log in' }),
    ).toHaveAttribute('href', '/app/account/login');
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['Terms of Use', '/legal/terms'],
      ['Privacy Policy', '/legal/privacy'],
      ['Help', '/help'],
      ['Contact us', '/contact'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(footer).getByRole('link', { name: '(866) 755-9991' })).toHaveAttribute(
      'href',
      'tel:+18667559991',
    );
  });

  it('shows the support phone for the country of the step-1 phone code', async () => {
    useFunnelStore.setState({
      stepOneValues: { countryCode: 'UNITED_KINGDOM', phoneNumber: '7700900123' },
    });
    await renderApp('/signup');
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: '020 3514 0008' }),
    ).toHaveAttribute('href', 'tel:+442035140008');
  });

  it('shows the support phone for the billing country once known, over the phone code', async () => {
    for (const [country, tel] of [
      ['GB', 'tel:+442035140008'],
      ['IE', 'tel:+442035140008'],
      ['AU', 'tel:+611800823469'],
      ['NZ', 'tel:+64800453751'],
    ]) {
      useFunnelStore.setState({
        stepOneValues: { countryCode: 'US_CANADA', phoneNumber: '5125550100' },
        billingCountry: country,
      });
      const { unmount } = await renderApp('/signup');
      const phone = within(screen.getByRole('contentinfo')).getByRole('link', { name: /\d{3}/ });
      expect(phone, country).toHaveAttribute('href', tel);
      unmount();
    }
  });

  it('shows the support phone for the practice’s country on /pro', async () => {
    useProStore.setState({
      stepOne: { phoneCountryCode: 'US_CANADA' },
      stepTwo: { country: 'GB' },
    });
    await renderApp('/pro');
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: /\d{3}/ }),
    ).toHaveAttribute('href', 'tel:+442035140008');
  });

  it('shows the support phone for the invited co-parent’s billing country on /invite', async () => {
    storeInviteToken(INVITE_TOKEN);
    mockFetch(
      on('GET', '/v2/invites/current', {
        body: invitedContext({ address: { country: 'AU' } }),
      }),
    );
    await renderApp('/invite');
    const footer = screen.getByRole('contentinfo');
    await waitFor(() =>
      expect(within(footer).getByRole('link', { name: /\d{3}/ })).toHaveAttribute(
        'href',
        'tel:+611800823469',
      ),
    );
  });
});

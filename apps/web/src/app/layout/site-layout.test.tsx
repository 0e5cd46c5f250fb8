import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFunnelStore } from '../../features/join/funnel-store';
import { renderApp } from '../../test/render-app';

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
      within(screen.getByRole('contentinfo')).getByRole('link', { name: '02035140008' }),
    ).toHaveAttribute('href', 'tel:+442035140008');
  });
});

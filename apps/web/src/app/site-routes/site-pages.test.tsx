import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { useFunnelStore } from '@/stores/funnel-store';
import { AppProviders } from '../providers';
import { siteRoutes } from '../site-router';

async function renderSitePage(path: string) {
  const router = createMemoryRouter(siteRoutes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const heading = (name: string, level = 1) => screen.findByRole('heading', { level, name });

describe('the legal pages and help', () => {
  it('shows the terms as a marked sample text under the page title', async () => {
    await renderSitePage('/legal/terms');
    expect(await heading('Terms of Use')).toBeInTheDocument();
    expect(await heading('Subscriptions, payments and automatic renewal', 2)).toBeInTheDocument();
    expect(screen.getByText('Sample text:')).toBeInTheDocument();
    expect(screen.getByText(/to be replaced by counsel's version/)).toBeInTheDocument();
    expect(document.title).toBe('Terms of Use – CoParent Hub');
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Contact page' }),
    ).toHaveAttribute('href', '/contact');
  });

  it('shows the privacy policy with what the co-parent sees', async () => {
    await renderSitePage('/legal/privacy');
    expect(await heading('Privacy Policy')).toBeInTheDocument();
    expect(await heading("Children's data", 2)).toBeInTheDocument();
    expect(await heading('What your co-parent and professionals see', 2)).toBeInTheDocument();
    expect(screen.getByText('Sample text:')).toBeInTheDocument();
  });

  it('answers the funnel’s questions on the help page, each as a heading', async () => {
    await renderSitePage('/help');
    expect(await heading('Help')).toBeInTheDocument();
    for (const question of [
      'What does each package include?',
      'Who pays?',
      'How do invitations work?',
      'What does my co-parent see?',
      'What happens if a payment fails?',
      'How do I cancel?',
      'How do I reach support?',
    ]) {
      expect(await heading(question, 3), question).toBeInTheDocument();
    }
    expect(screen.queryByText('Sample text:')).not.toBeInTheDocument();
  });

  it('shows each page in Spanish (Mexico)', async () => {
    await i18n.changeLanguage('es-MX');
    await renderSitePage('/legal/privacy');
    expect(await heading('Aviso de privacidad')).toBeInTheDocument();
    expect(await heading('Tus derechos ARCO', 2)).toBeInTheDocument();
    expect(screen.getByText('Texto de ejemplo:')).toBeInTheDocument();
    expect(document.title).toBe('Aviso de privacidad – CoParent Hub');
  });

  it('loads the other language’s text when the language changes', async () => {
    await renderSitePage('/help');
    expect(await heading('Who pays?', 3)).toBeInTheDocument();
    await i18n.changeLanguage('es-MX');
    expect(await heading('Ayuda')).toBeInTheDocument();
    expect(await heading('¿Quién paga?', 3)).toBeInTheDocument();
  });
});

describe('the contact page', () => {
  it('shows the default support line, every other line and the support email', async () => {
    await renderSitePage('/contact');
    expect(await heading('Contact us')).toBeInTheDocument();
    expect(document.title).toBe('Contact us – CoParent Hub');
    const main = within(screen.getByRole('main'));
    expect(main.getAllByRole('link', { name: '(866) 755-9991' })[0]).toHaveAttribute(
      'href',
      'tel:+18667559991',
    );
    for (const [name, href] of [
      ['0800 453 751', 'tel:+64800453751'],
      ['1800 823 469', 'tel:+611800823469'],
      ['020 3514 0008', 'tel:+442035140008'],
    ]) {
      expect(main.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(main.getByRole('link', { name: 'support@coparent.example' })).toHaveAttribute(
      'href',
      'mailto:support@coparent.example',
    );
  });

  it('lists each country with its line as its callers dial it: Ireland with +44', async () => {
    await renderSitePage('/contact');
    const others = await heading('Calling from another country?', 3);
    const list = others.nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'New Zealand: 0800 453 751',
      'Australia: 1800 823 469',
      'United Kingdom: 020 3514 0008',
      'Ireland: +44 20 3514 0008',
      'United States, Canada, Mexico and other countries: (866) 755-9991',
    ]);
    expect(within(list).getByRole('link', { name: '+44 20 3514 0008' })).toHaveAttribute(
      'href',
      'tel:+442035140008',
    );
  });

  it('names the countries of the lines in Spanish (Mexico)', async () => {
    await i18n.changeLanguage('es-MX');
    await renderSitePage('/contact');
    const others = await heading('¿Llamas desde otro país?', 3);
    const list = others.nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Nueva Zelanda: 0800 453 751',
      'Australia: 1800 823 469',
      'Reino Unido: 020 3514 0008',
      'Irlanda: +44 20 3514 0008',
      'Estados Unidos, Canadá, México y otros países: (866) 755-9991',
    ]);
  });

  it("puts the line for the visitor's country first", async () => {
    useFunnelStore.setState({
      stepOneValues: { countryCode: 'UNITED_KINGDOM', phoneNumber: '7700900123' },
    });
    await renderSitePage('/contact');
    const callUs = await heading('Call us', 2);
    const section = callUs.closest('section');
    if (!section) throw new Error('no Call us section');
    expect(within(section).getAllByRole('link')[0]).toHaveTextContent('020 3514 0008');
  });
});

describe('page not found', () => {
  it('says so, with a link home and to help', async () => {
    await renderSitePage('/no/such/page');
    expect(await heading('Page not found')).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/app/join/signup',
    );
    expect(main.getByRole('link', { name: 'Read our help' })).toHaveAttribute('href', '/help');
    expect(document.title).toBe('Page not found – CoParent Hub');
  });

  it('says so in Spanish (Mexico)', async () => {
    await i18n.changeLanguage('es-MX');
    await renderSitePage('/legal/cookies');
    expect(await heading('No encontramos la página')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a la página de inicio' })).toBeInTheDocument();
  });
});

describe('the site pages’ frame', () => {
  it('has the app’s header and footer, the signup and the login by full page load', async () => {
    await renderSitePage('/help');
    await heading('Help');
    const banner = within(screen.getByRole('banner'));
    expect(banner.getByRole('link', { name: 'CoParent Hub, start of signup' })).toHaveAttribute(
      'href',
      '/app/join/signup',
    );
    expect(banner.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/app/account/login',
    );
    expect(banner.getByLabelText('Language')).toBeInTheDocument();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute(
      'href',
      '/legal/terms',
    );
  });
});

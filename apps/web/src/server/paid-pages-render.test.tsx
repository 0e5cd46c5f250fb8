import { type PricingResponse, type SignupState, translateMessage } from '@coparent/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCheckoutStore } from '@/features/checkout/checkout-store';
import { AFFILIATE_SCRIPT_ID } from '@/features/receipt/affiliate-script';
import * as receiptReload from '@/features/receipt/receipt-reload';
import { i18n } from '@/lib/i18n';
import { useFunnelStore } from '@/stores/funnel-store';
import { paymentResponse, priceFor } from '@/test/checkout-fixtures';
import { mockFetch, on } from '@/test/fetch-mock';
import { signupState } from '@/test/join-fixtures';
import { US_PACKAGES } from '@/test/packages-fixtures';
import { writePageData } from '@/test/written-page';
import { APP_READY_ATTRIBUTE } from '../app/app';
import { startApp } from '../app/start';
import {
  FORM_SUBMISSION_ELEMENT_ID,
  type FormSubmission,
  render,
  SERVER_QUERIES_ELEMENT_ID,
  SERVER_RENDERED_ATTRIBUTE,
  SERVER_RENDERED_PATHS,
  SERVER_SIGNUP_ELEMENT_ID,
  type ServerQuery,
  serverPageQueries,
} from '../entry-server';

// /credentials and /receipt written by the server, for a payment posted as a form or made by the
// app (a file of its own: an app started in a test keeps running in that file's document).

const PRICING = priceFor(US_PACKAGES, {
  address: { country: 'US', region: 'TX' },
  orderDetail: { packageId: 3003 },
}).body as PricingResponse;
const { receipt } = paymentResponse(PRICING);

const paidSignup: SignupState = {
  ...signupState(3),
  coParent: {
    firstName: 'Luis',
    lastName: 'Ruiz',
    email: 'luis@example.com',
    phoneCountryCode: null,
    phoneNumber: null,
  },
  paid: true,
};

async function fetchJson(path: string): Promise<unknown> {
  if (path === `/v2/signups/${paidSignup.signupId}/receipt`) return receipt;
  throw new Error(`unexpected ${path}`);
}

type Written = { signup?: SignupState; submission?: FormSubmission; queries?: ServerQuery[] };

async function write(path: string, locale: 'en' | 'es-MX', written: Written) {
  const rendered = await render(new Request(`http://localhost/app/join${path}`), locale, written);
  if (rendered.kind !== 'page') throw new Error(`${path} answered ${rendered.kind}`);
  return rendered;
}

const started: Root[] = [];

/** The page as the server wrote it, taken over by the app; fails on any hydration mismatch. */
async function takeOver(path: string, html: string, written: Written, locale = 'en') {
  // The app starts in the language the page was written in.
  await i18n.changeLanguage(locale);
  writePageData(SERVER_SIGNUP_ELEMENT_ID, written.signup);
  writePageData(FORM_SUBMISSION_ELEMENT_ID, written.submission);
  writePageData(SERVER_QUERIES_ELEMENT_ID, written.queries);
  window.history.replaceState(null, '', `/app/join${path}`);
  const container = document.createElement('div');
  container.id = 'root';
  container.setAttribute(SERVER_RENDERED_ATTRIBUTE, '');
  container.innerHTML = html;
  document.body.append(container);
  const serverHeading = screen.getByRole('heading', { level: 1 });
  const errors = vi.spyOn(console, 'error');
  started.push(await startApp(container));
  await waitFor(() => expect(document.documentElement).toHaveAttribute(APP_READY_ATTRIBUTE));
  // Hydrated, not rendered again: the server's elements are the app's.
  expect(screen.getByRole('heading', { level: 1 })).toBe(serverHeading);
  expect(errors).not.toHaveBeenCalled();
}

afterEach(async () => {
  await i18n.changeLanguage('en');
  vi.unstubAllEnvs();
  document.getElementById(AFFILIATE_SCRIPT_ID)?.remove();
  for (const root of started.splice(0)) act(() => root.unmount());
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(APP_READY_ATTRIBUTE);
  window.history.replaceState(null, '', '/');
});

const tags = (html: string, name: string) => html.match(new RegExp(`<${name}[^>]*>`, 'g')) ?? [];

describe('/credentials written by the server (the token in the browser’s cookie)', () => {
  it('are among the pages the server writes', () => {
    expect(SERVER_RENDERED_PATHS).toEqual(expect.arrayContaining(['/credentials', '/receipt']));
  });

  it('are written where there is no DOM at all, as on the server', async () => {
    for (const name of ['window', 'document', 'navigator', 'sessionStorage', 'localStorage']) {
      vi.stubGlobal(name, undefined);
    }
    try {
      const queries = await serverPageQueries('/receipt', {
        signup: paidSignup,
        locale: 'en',
        fetchJson,
      });
      const credentials = await write('/credentials', 'es-MX', { signup: paidSignup });
      expect(credentials.html).toContain('name="password"');
      const written = await write('/receipt', 'es-MX', { signup: paidSignup, queries });
      expect(written.html).toContain(receipt.packageDisplayName);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it.each([
    ['en', 'Almost there...', 'Your order is confirmed. We sent your receipt to ana@example.com.'],
    [
      'es-MX',
      'Ya casi terminas...',
      'Tu pedido está confirmado. Enviamos tu recibo a ana@example.com.',
    ],
  ] as const)(
    'is a form posting to the server, usable without a script (%s)',
    async (locale, title, sentence) => {
      const { html } = await write('/credentials', locale, { signup: paidSignup });
      expect(html).toContain(`${title}</h1>`);
      expect(html).toContain(sentence);
      const form = tags(html, 'form').find((tag) => tag.includes('id="credentials-form"'));
      expect(form).toContain('action="/app/join/credentials"');
      expect(form).toContain('method="post"');
      const inputs = tags(html, 'input');
      expect(inputs.some((input) => input.includes('name="username"'))).toBe(true);
      expect(inputs.some((input) => input.includes('name="password"'))).toBe(true);
      const submit = tags(html, 'button').find((button) => button.includes('type="submit"'));
      expect(submit).toBeDefined();
      expect(submit).not.toContain('disabled');
    },
  );

  it('the app takes it over, then posts the form itself once its rules accept it', async () => {
    const mocks = mockFetch();
    const written = { signup: paidSignup };
    const { html } = await write('/credentials', 'en', written);
    await takeOver('/credentials', html, written);
    // The app's rules from now on: nothing typed, nothing to send.
    const submit = screen.getByRole('button', { name: 'Complete Signup' });
    expect(submit).toBeDisabled();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'ana_lopez');
    await user.type(screen.getByLabelText('Password'), 'Trellis-Harbor-42!');
    expect(submit).toBeEnabled();
    let isPostedAsForm: boolean | undefined;
    document.addEventListener(
      'submit',
      (event) => {
        isPostedAsForm = !event.defaultPrevented;
        event.preventDefault();
      },
      { once: true },
    );
    await user.click(submit);
    expect(isPostedAsForm).toBe(true);
    // No token in the tab: no username check, no API call for the credentials.
    expect(mocks.calls.filter((call) => call.url.includes('/v2/credentials'))).toEqual([]);
  });

  it('answers a refused post: the username kept, never the password, the problems listed', async () => {
    const submission = {
      path: '/credentials',
      values: { username: 'ana_lopez' },
      errors: [
        { field: 'username', text: 'This username cannot be used', type: 'ERROR' as const },
        { field: 'password', text: 'Enter a password', type: 'ERROR' as const },
      ],
    };
    const written = { signup: paidSignup, submission };
    const { html, title } = await write('/credentials', 'en', written);
    expect(title).toMatch(/^Error: /);
    expect(html).toContain('value="ana_lopez"');
    const password = tags(html, 'input').find((input) => input.includes('name="password"'));
    expect(password).not.toContain('value=');
    await takeOver('/credentials', html, written);
    const summary = screen.getByRole('alert');
    expect(
      within(summary).getByRole('link', { name: 'This username cannot be used' }),
    ).toBeVisible();
    expect(within(summary).getByRole('link', { name: 'Enter a password' })).toBeVisible();
    expect(screen.getByLabelText('Username')).toHaveValue('ana_lopez');
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      expect.stringContaining('This username cannot be used'),
    );
  });

  it('says a used token cannot set anything, with a way to log in (es-MX)', async () => {
    const submission = {
      path: '/credentials',
      values: { username: 'ana_lopez' },
      errors: [{ field: 'credentialsToken', text: 'refused', type: 'ERROR' as const }],
    };
    const written = { signup: paidSignup, submission };
    const { html } = await write('/credentials', 'es-MX', written);
    expect(html).toContain(translateMessage('credentials_tokenInvalid_error', 'es-MX'));
    expect(html).not.toContain('refused');
    await takeOver('/credentials', html, written, 'es-MX');
    const banner = screen
      .getAllByRole('alert')
      .find((alert) => alert.textContent?.includes('Iniciar sesión'));
    expect(banner).toBeDefined();
  });
});

describe('/receipt written by the server (a payment posted as a form)', () => {
  it.each([
    ['en', 'Account activated!'],
    ['es-MX', '¡Cuenta activada!'],
  ] as const)(
    'shows the paid signup’s receipt, read through the API, and the app takes it over (%s)',
    async (locale, title) => {
      const mocks = mockFetch();
      const queries = await serverPageQueries('/receipt', {
        signup: paidSignup,
        locale,
        fetchJson,
      });
      const written = { signup: paidSignup, queries };
      const rendered = await write('/receipt', locale, written);
      expect(rendered.html).toContain(`${title}</h1>`);
      expect(rendered.html).toContain(receipt.packageDisplayName);
      expect(rendered.html).toContain('luis@example.com');
      await takeOver('/receipt', rendered.html, written, locale);
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
      expect(mocks.calls.filter((call) => call.url.includes('/receipt'))).toEqual([]);
    },
  );
});

describe('/credentials written by the server, taken over by the tab that paid', () => {
  const TOKEN = 'tab-credentials-token';
  const USER_ID = '0d6b2c4e-8f1a-4b3c-9d5e-7a6b8c9d0e1f';

  /** The tab that paid for the signup the page was written with: its store keeps the token. */
  function tabPaid(signupId = paidSignup.signupId) {
    useFunnelStore.setState({ signupId });
    useCheckoutStore.setState({ credentials: { token: TOKEN, userId: USER_ID } });
  }

  const server = () =>
    mockFetch(
      on('GET', /^\/v2\/credentials\/username\?/, (call) => ({
        body: { available: !call.url.endsWith('=ana_lopez'), meetsRequirements: true },
      })),
      on('POST', '/v2/credentials', { body: { userId: USER_ID, username: 'ana_lopez' } }),
      on('POST', '/v2/login', {
        body: { url: '/app/account/', redirectUrl: '/app/account/', auth: true, userId: USER_ID },
      }),
    );

  it('checks the username with the tab’s token and sends the form through the app, not as a post', async () => {
    tabPaid();
    const { calls } = server();
    const written = { signup: paidSignup };
    const { html } = await write('/credentials', 'en', written);
    await takeOver('/credentials', html, written);
    const user = userEvent.setup();
    const username = screen.getByLabelText('Username');
    await user.type(username, 'ana_lopez');
    await user.tab();
    // The app's check on leaving the field, with the token the tab kept from paying.
    expect(await screen.findByText('This username cannot be used')).toBeVisible();
    const check = calls.find((call) => call.url.startsWith('/v2/credentials/username'));
    expect(check?.headers.authorization).toBe(`Bearer ${TOKEN}`);

    await user.clear(username);
    await user.type(username, 'ana_lopez_2');
    await user.type(screen.getByLabelText('Password'), 'Trellis-Harbor-42!');
    let isPostedAsForm: boolean | undefined;
    document.addEventListener(
      'submit',
      (event) => {
        isPostedAsForm = !event.defaultPrevented;
      },
      { once: true },
    );
    await user.click(screen.getByRole('button', { name: 'Complete Signup' }));
    expect(await screen.findByRole('heading', { level: 1, name: "You're all set!" })).toBeVisible();
    expect(isPostedAsForm).toBe(false);
    const set = calls.find((call) => call.url === '/v2/credentials');
    expect(set?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(set?.body).toEqual({ username: 'ana_lopez_2', password: 'Trellis-Harbor-42!' });
    expect(useCheckoutStore.getState().hasSetCredentials).toBe(true);
  });

  it('keeps posting itself when the tab paid for another signup', async () => {
    tabPaid('7e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b');
    const { calls } = server();
    const written = { signup: paidSignup };
    const { html } = await write('/credentials', 'en', written);
    await takeOver('/credentials', html, written);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'ana_lopez');
    await user.tab();
    await user.type(screen.getByLabelText('Password'), 'Trellis-Harbor-42!');
    let isPostedAsForm: boolean | undefined;
    document.addEventListener(
      'submit',
      (event) => {
        isPostedAsForm = !event.defaultPrevented;
        event.preventDefault();
      },
      { once: true },
    );
    await user.click(screen.getByRole('button', { name: 'Complete Signup' }));
    expect(isPostedAsForm).toBe(true);
    expect(calls.filter((call) => call.url.includes('/v2/credentials'))).toEqual([]);
  });
});

describe('/receipt written by the server: the conversion counted once', () => {
  const PIXEL_URL = 'https://track.example.com/p.gif';
  const SCRIPT_URL = 'https://affiliate.example.com/conversion.js';

  async function writtenReceipt() {
    vi.stubEnv('VITE_AFFILIATE_PIXEL_URL', PIXEL_URL);
    vi.stubEnv('VITE_AFFILIATE_SCRIPT_URL', SCRIPT_URL);
    mockFetch();
    const queries = await serverPageQueries('/receipt', {
      signup: paidSignup,
      locale: 'en',
      fetchJson,
    });
    const written = { signup: paidSignup, queries };
    return { written, rendered: await write('/receipt', 'en', written) };
  }

  /** The pixels a browser with scripts loads (a `<noscript>` one is only text there). */
  const pixels = () =>
    [...document.querySelectorAll(`img[src^="${PIXEL_URL}"]`)].filter(
      (img) => !img.closest('noscript'),
    );

  it('holds the pixel for a browser without a script; with one, the app adds the pixel and the script', async () => {
    const { written, rendered } = await writtenReceipt();
    expect(rendered.html).toMatch(
      /<noscript><img[^>]*src="https:\/\/track\.example\.com\/p\.gif\?transactionId=/,
    );
    await takeOver('/receipt', rendered.html, written);
    await waitFor(() => expect(pixels()).toHaveLength(1));
    expect(document.getElementById(AFFILIATE_SCRIPT_ID)).toHaveAttribute('src', SCRIPT_URL);
  });

  it('counts nothing again on a reload of the receipt', async () => {
    vi.spyOn(receiptReload, 'wasReceiptReloaded').mockReturnValue(true);
    const { written, rendered } = await writtenReceipt();
    await takeOver('/receipt', rendered.html, written);
    expect(screen.getByRole('heading', { level: 1, name: 'Account activated!' })).toBeVisible();
    // The renders after the take-over have run (the script would be added by their effect).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(pixels()).toHaveLength(0);
    expect(document.getElementById(AFFILIATE_SCRIPT_ID)).toBeNull();
  });
});

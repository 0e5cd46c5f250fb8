import { type PricingResponse, type SignupState, translateMessage } from '@coparent/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { paymentResponse, priceFor } from '@/test/checkout-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { signupState } from '@/test/join-fixtures';
import { US_PACKAGES } from '@/test/packages-fixtures';
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

// /credentials and /receipt written by the server after a payment posted as a form (a file of
// its own: an app started in a test keeps running in that file's document).

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

function writeData(id: string, value: unknown) {
  if (value === undefined) return;
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = id;
  element.textContent = JSON.stringify(value);
  document.body.append(element);
}

const started: Root[] = [];

/** The page as the server wrote it, taken over by the app; fails on any hydration mismatch. */
async function takeOver(path: string, html: string, written: Written, locale = 'en') {
  // The app starts in the language the page was written in.
  await i18n.changeLanguage(locale);
  writeData(SERVER_SIGNUP_ELEMENT_ID, written.signup);
  writeData(FORM_SUBMISSION_ELEMENT_ID, written.submission);
  writeData(SERVER_QUERIES_ELEMENT_ID, written.queries);
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

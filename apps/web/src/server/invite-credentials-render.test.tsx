import type { AccountReceipt, InvitedContext, PricingResponse } from '@coparent/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { paymentResponse, priceFor } from '@/test/checkout-fixtures';
import { mockFetch, on } from '@/test/fetch-mock';
import { INVITED_USER_PATH, invitedContext, invitedUser } from '@/test/invite-fixtures';
import { US_PACKAGES } from '@/test/packages-fixtures';
import { mountWrittenPage, writePageData } from '@/test/written-page';
import { APP_READY_ATTRIBUTE } from '../app/app';
import { startApp } from '../app/start';
import {
  FORM_SUBMISSION_ELEMENT_ID,
  type FormSubmission,
  render,
  SERVER_QUERIES_ELEMENT_ID,
  SERVER_RENDERED_PATHS,
  type ServerQuery,
  serverPageQueries,
} from '../entry-server';

// The invite's credentials and receipt written by the server (the invite from its cookie, the
// receipt with the login the credentials opened), and the app taking them over (a file of its
// own: an app started in a test keeps running in that file's document).

/** Paid by Parent A, the billing address saved: the credentials are this invite's. */
const READY: Partial<InvitedContext> = {
  isSubscriptionCurrent: true,
  billingAddressComplete: true,
  lastCompletedStep: 2,
};
const SAVED_QUESTION = invitedUser({
  referral: { selection: 'FRIEND_OR_FAMILY', other: null },
  securityQuestion: 'First pet name?',
});

const RECEIPT_ID = '33333333-3333-4333-8333-333333333333';
const PRICING = priceFor(US_PACKAGES, {
  address: { country: 'US', region: 'TX' },
  orderDetail: { packageId: 3003 },
}).body as PricingResponse;
const RECEIPT: AccountReceipt = {
  ...paymentResponse(PRICING).receipt,
  receiptId: RECEIPT_ID,
  email: 'luis@example.com',
  coParentEmail: null,
};

/** The API as the server reads it for the page, with the browser's cookies (never a bearer). */
function apiWith(context: Partial<InvitedContext> = READY, user = SAVED_QUESTION) {
  return async (path: string, init?: { bearer?: string }): Promise<unknown> => {
    if (init?.bearer) throw new Error('the invite pages read with the cookie alone');
    if (path === '/v2/invites/current') return invitedContext(context);
    if (path === INVITED_USER_PATH) return user;
    if (path === '/v2/account/home') {
      const newest = {
        receiptId: RECEIPT_ID,
        date: RECEIPT.transactionDateTime,
        packageName: RECEIPT.packageDisplayName,
        totalFormatted: '$149.99',
        currency: 'USD',
      };
      return { receipts: [newest] };
    }
    if (path === `/v2/account/receipts/${RECEIPT_ID}`) return RECEIPT;
    throw new Error(`unexpected ${path}`);
  };
}

async function written(
  path: string,
  {
    submission,
    locale = 'en',
    fetchJson = apiWith(),
  }: {
    submission?: FormSubmission;
    locale?: 'en' | 'es-MX';
    fetchJson?: ReturnType<typeof apiWith>;
  } = {},
) {
  const queries = await serverPageQueries(path, { locale, fetchJson });
  const rendered = await render(new Request(`http://localhost/app/join${path}`), locale, {
    queries,
    submission,
  });
  if (rendered.kind !== 'page') throw new Error('not a page');
  return { html: rendered.html, title: rendered.title, queries };
}

function mount(
  html: string,
  path: string,
  queries: ServerQuery[],
  submission?: FormSubmission,
): HTMLElement {
  writePageData(SERVER_QUERIES_ELEMENT_ID, queries);
  writePageData(FORM_SUBMISSION_ELEMENT_ID, submission);
  return mountWrittenPage(html, path);
}

const started: Root[] = [];

/** The app takes the page over: the server's elements stay, no mismatch is reported. */
async function takeOver(container: HTMLElement) {
  const heading = screen.getByRole('heading', { level: 1 });
  const errors = vi.spyOn(console, 'error');
  started.push(await startApp(container));
  await waitFor(() => expect(document.documentElement).toHaveAttribute(APP_READY_ATTRIBUTE));
  expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
  expect(errors).not.toHaveBeenCalled();
}

const tags = (html: string, name: string) => html.match(new RegExp(`<${name}[^>]*>`, 'g')) ?? [];

afterEach(async () => {
  await i18n.changeLanguage('en');
  for (const root of started.splice(0)) act(() => root.unmount());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(APP_READY_ATTRIBUTE);
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('/invite/credentials written by the server from the invite’s cookie', () => {
  it('is among the pages the server writes, with the receipt', () => {
    expect(SERVER_RENDERED_PATHS).toEqual(
      expect.arrayContaining(['/invite/credentials', '/invite/receipt']),
    );
  });

  it('is written only for an invite that may set its credentials', async () => {
    for (const context of [
      { lastCompletedStep: 1 },
      { isSubscriptionCurrent: true, lastCompletedStep: 2 },
      { lastCompletedStep: 2 },
    ]) {
      const queries = await serverPageQueries('/invite/credentials', {
        locale: 'en',
        fetchJson: apiWith(context),
      });
      expect(queries, JSON.stringify(context)).toEqual([]);
    }
    const covered = await serverPageQueries('/invite/credentials', {
      locale: 'en',
      fetchJson: apiWith({ userCreatedByPro: true, lastCompletedStep: 1 }),
    });
    expect(covered.map((query) => query.queryKey)).toEqual([
      ['invite', 'current', 'cookie'],
      ['invite', 'user', invitedContext().userId],
    ]);
  });

  it('is written where there is no DOM at all, as on the server', async () => {
    for (const name of ['window', 'document', 'navigator', 'sessionStorage', 'localStorage']) {
      vi.stubGlobal(name, undefined);
    }
    const credentials = await written('/invite/credentials', { locale: 'es-MX' });
    expect(credentials.html).toContain('name="credentials.password"');
    const receipt = await written('/invite/receipt', { locale: 'es-MX' });
    expect(receipt.html).toContain('¡Todo listo!');
  });

  it.each([
    ['en', 'Almost there...', 'Your subscription is already paid for.', 'Complete Signup'],
    ['es-MX', 'Ya casi terminas...', 'Tu suscripción ya está pagada.', 'Completar registro'],
  ] as const)(
    'is a form posting to the server with what was saved, usable without a script (%s)',
    async (locale, title, intro, submit) => {
      const { html, title: pageTitle } = await written('/invite/credentials', { locale });
      expect(html).toContain(`${title}</h1>`);
      expect(html).toContain(intro);
      expect(pageTitle).toContain(title);
      const form = tags(html, 'form').find((tag) => tag.includes('id="invite-credentials-form"'));
      expect(form).toContain('action="/app/join/invite/credentials"');
      expect(form).toContain('method="post"');
      const inputs = tags(html, 'input');
      for (const name of [
        'credentials.username',
        'credentials.password',
        'security.securityAnswer',
        'security.securityCode',
        'security.confirmCode',
        'consent.terms',
      ]) {
        expect(
          inputs.some((input) => input.includes(`name="${name}"`)),
          name,
        ).toBe(true);
      }
      // What the co-parent saved before (the question, how they heard of us) is in the fields.
      expect(inputs.find((input) => input.includes('name="security.securityQuestion"'))).toContain(
        'value="First pet name?"',
      );
      expect(html).toMatch(/<option value="FRIEND_OR_FAMILY" selected="">/);
      // Complete Signup can always be sent without a script (the server checks the form).
      const button = new RegExp(`<button([^>]*)>${submit}</button>`).exec(html);
      expect(button?.[1]).toContain('type="submit"');
      expect(button?.[1]).not.toContain('aria-disabled');
      // No problem listed before a post, and no credentials token in the page.
      expect(html).not.toContain('role="alert"');
      expect(html).not.toMatch(/token/i);
    },
  );

  it('answers a post with every problem listed and beside its field, the secrets not written again', async () => {
    const submission: FormSubmission = {
      path: '/invite/credentials',
      values: {
        'credentials.username': 'luis_garcia',
        'referral.selection': 'FRIEND_OR_FAMILY',
        'security.securityQuestion': 'First pet name?',
        'consent.terms': 'on',
      },
      errors: [
        { field: 'credentials.password', text: 'Enter a password', type: 'ERROR' },
        { field: 'username', text: 'This username cannot be used', type: 'ERROR' },
        { field: 'form', text: 'Too many attempts. Please wait.', type: 'ERROR' },
      ],
    };
    const { html, title } = await written('/invite/credentials', { submission });
    expect(title).toMatch(/^Error: /);
    expect(html).toContain('There is a problem');
    expect(html).toContain('href="#credentials-password"');
    expect(html).toContain('href="#credentials-username"');
    expect(html).toContain('Too many attempts. Please wait.');
    expect(html).toContain('aria-invalid="true"');
    const inputs = tags(html, 'input');
    expect(inputs.find((input) => input.includes('name="credentials.username"'))).toContain(
      'value="luis_garcia"',
    );
    expect(inputs.find((input) => input.includes('name="consent.terms"'))).toContain('checked');
    expect(inputs.find((input) => input.includes('name="credentials.password"'))).not.toContain(
      'value=',
    );
  });

  it('the app takes it over without a mismatch, asking nothing, keeping what was typed; an incomplete form is not posted', async () => {
    const { calls } = mockFetch(
      on('GET', '/v2/invites/current', { body: invitedContext(READY) }),
      on('GET', INVITED_USER_PATH, { body: SAVED_QUESTION }),
    );
    const { html, queries } = await written('/invite/credentials');
    const container = mount(html, '/invite/credentials', queries);
    (screen.getByRole('textbox', { name: /^Username/ }) as HTMLInputElement).value = 'luis_g';
    await takeOver(container);
    expect(screen.getByRole('textbox', { name: /^Username/ })).toHaveValue('luis_g');
    expect(screen.getByRole('textbox', { name: /^Security question/ })).toHaveValue(
      'First pet name?',
    );
    // Nothing read again, and no credentials token asked for: the form posts to the server.
    expect(calls).toEqual([]);
    expect(container.querySelector('#invite-credentials-form')).toHaveAttribute(
      'action',
      '/app/join/invite/credentials',
    );
    expect(window.sessionStorage.getItem('coparent.inviteToken')).toBe('cookie');
    // The app says what is still missing before Complete Signup is ready.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Complete Signup' })).toHaveAttribute(
        'aria-disabled',
        'true',
      ),
    );

    const posted = vi.fn((event: SubmitEvent) => event.preventDefault());
    document.addEventListener('submit', posted);
    await userEvent.click(screen.getByRole('button', { name: 'Complete Signup' }));
    expect(await screen.findByText('There is a problem')).toBeVisible();
    document.removeEventListener('submit', posted);
    // The browser's own post was stopped: the problems are listed instead.
    expect(posted.mock.calls[0]?.[0].defaultPrevented).toBe(true);
  });

  it('a tab that paid here goes on with the payment’s credentials token once the app has the page', async () => {
    const userId = invitedContext().userId;
    const { calls } = mockFetch(
      on('GET', /^\/v2\/credentials\/username\?/, {
        body: { available: true, meetsRequirements: true },
      }),
      on('POST', `${INVITED_USER_PATH}/terms`, { body: { agreedToTerms: true } }),
      on('PATCH', INVITED_USER_PATH, {
        body: {
          validationErrors: [],
          lastCompletedStep: 2,
          nextPath: null,
          consentRequired: false,
        },
      }),
      on('POST', '/v2/credentials', { body: { userId, username: 'luis_garcia' } }),
    );
    window.sessionStorage.setItem(
      'coparent.inviteCredentialsToken',
      'tab-credentials-token-0123456789',
    );
    const { html, queries } = await written('/invite/credentials');
    const container = mount(html, '/invite/credentials', queries);
    await takeOver(container);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Username/ }), 'luis_garcia');
    await user.type(screen.getByLabelText('Password'), 'Quiet-Harbor-7421!');
    await user.type(screen.getByRole('textbox', { name: /^Security answer/ }), 'Rex the dog');
    await user.type(screen.getByRole('textbox', { name: /^4-digit security code/ }), '4321');
    await user.type(screen.getByRole('textbox', { name: 'Confirm security code' }), '4321');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    const posted = vi.fn((event: SubmitEvent) => event.preventDefault());
    document.addEventListener('submit', posted);
    await user.click(screen.getByRole('button', { name: 'Complete Signup' }));
    await screen.findByRole('heading', { level: 1, name: "You're all set!" });
    document.removeEventListener('submit', posted);
    expect(posted.mock.calls[0]?.[0].defaultPrevented).toBe(true);
    const set = calls.find((call) => call.url === '/v2/credentials');
    expect(set?.headers.authorization).toBe('Bearer tab-credentials-token-0123456789');
    // No new token asked for: the payment's was the tab's.
    expect(calls.some((call) => call.url.endsWith('/credentials-token'))).toBe(false);
  });

  it('the app takes over a post answered by the server, its problems still listed', async () => {
    mockFetch();
    const submission: FormSubmission = {
      path: '/invite/credentials',
      values: { 'credentials.username': 'luis_garcia', 'referral.selection': 'FRIEND_OR_FAMILY' },
      errors: [{ field: 'username', text: 'This username cannot be used', type: 'ERROR' }],
    };
    const { html, queries } = await written('/invite/credentials', { submission });
    const container = mount(html, '/invite/credentials', queries, submission);
    await takeOver(container);
    const summary = screen.getByRole('alert');
    expect(
      within(summary).getByRole('link', { name: 'This username cannot be used' }),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Username/ })).toHaveValue('luis_garcia');
  });
});

describe('/invite/receipt written by the server with the co-parent’s own receipt', () => {
  it('is written only with a receipt of their own', async () => {
    const none = async (path: string) =>
      path === '/v2/account/home' ? { receipts: [] } : apiWith()(path);
    expect(await serverPageQueries('/invite/receipt', { locale: 'en', fetchJson: none })).toEqual(
      [],
    );
  });

  it.each([
    ['en', "You're all set!", 'Log in'],
    ['es-MX', '¡Todo listo!', 'Iniciar sesión'],
  ] as const)(
    'says where the email went, with a Login link and the order (%s)',
    async (locale, title, login) => {
      const { html } = await written('/invite/receipt', { locale });
      expect(html).toContain(`${title.replace("'", '&#x27;')}</h1>`);
      expect(html).toContain('<strong>luis@example.com</strong>');
      // The step's Login is a link (the header's own comes first, its href before its class).
      expect(html).toMatch(new RegExp(`<a class="[^"]*" href="/app/account/login">${login}</a>`));
      expect(html).toContain(`href="/v2/account/receipts/${RECEIPT_ID}/pdf?lang=${locale}"`);
      expect(html).toContain(RECEIPT.packageDisplayName);
    },
  );

  it('the app takes it over without a mismatch, the tab forgetting the invite on Login', async () => {
    mockFetch();
    const { html, queries } = await written('/invite/receipt');
    const container = mount(html, '/invite/receipt', queries);
    window.sessionStorage.setItem('coparent.inviteToken', 'cookie');
    await takeOver(container);
    const link = within(screen.getByRole('main')).getByRole('link', { name: 'Log in' });
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(window.sessionStorage.getItem('coparent.inviteToken')).toBeNull();
  });
});

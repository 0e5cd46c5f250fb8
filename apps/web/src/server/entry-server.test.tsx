import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFunnelStore } from '@/stores/funnel-store';
import { mockFetch } from '@/test/fetch-mock';
import { onGetSignup, PARENT, SIGNUP_ID, signupState } from '@/test/join-fixtures';
import { mountWrittenPage, writePageData } from '@/test/written-page';
import { APP_READY_ATTRIBUTE } from '../app/app';
import { startApp } from '../app/start';
import {
  FORM_SUBMISSION_ELEMENT_ID,
  render,
  SERVER_RENDERED_PATHS,
  SERVER_SIGNUP_ELEMENT_ID,
} from '../entry-server';
import spanish from '../locales/es-MX.json';

const request = (path: string) => new Request(`http://localhost/app/join${path}`);

async function renderPage(path: string, locale: 'en' | 'es-MX') {
  const rendered = await render(request(path), locale);
  if (rendered.kind !== 'page') throw new Error(`${path} answered ${rendered.kind}`);
  return rendered;
}

/** The apps the tests started: each is stopped after its test, before its document goes. */
const started: Root[] = [];

async function startOn(container: HTMLElement) {
  started.push(await startApp(container));
  await waitFor(() => expect(document.documentElement).toHaveAttribute(APP_READY_ATTRIBUTE));
}

describe('the join pages rendered on the server', () => {
  afterEach(() => {
    for (const root of started.splice(0)) act(() => root.unmount());
    vi.restoreAllMocks();
    document.body.innerHTML = '';
    document.documentElement.removeAttribute(APP_READY_ATTRIBUTE);
    window.history.replaceState(null, '', '/');
  });

  it('include the landing, the co-parent question, step 1 and the duplicate account screen', () => {
    expect(SERVER_RENDERED_PATHS).toEqual(
      expect.arrayContaining(['/signup', '/coparentstatus', '/step1', '/duplicate']),
    );
  });

  it('renders every page where there is no DOM at all, as on the server', async () => {
    // The server's Node has no window, document or element classes; jsdom has them all.
    for (const name of [
      'window',
      'document',
      'navigator',
      'sessionStorage',
      'localStorage',
      'HTMLElement',
      'HTMLFormElement',
      'HTMLInputElement',
      'HTMLSelectElement',
      'HTMLTextAreaElement',
    ]) {
      vi.stubGlobal(name, undefined);
    }
    const submission = { path: '/step1', values: { firstName: 'Ana' }, errors: [] };
    for (const path of SERVER_RENDERED_PATHS) {
      for (const locale of ['en', 'es-MX'] as const) {
        const plain = await render(request(path), locale);
        expect(plain.kind, `${path} ${locale}`).toBe('page');
        const written = await render(request(path), locale, { submission, signup: signupState(1) });
        expect(written.kind, `${path} ${locale} with a submission and a signup`).toBe('page');
      }
    }
    vi.unstubAllGlobals();
  });

  it('writes the screen with its title in the language asked for', async () => {
    const spanish = await renderPage('/coparentstatus', 'es-MX');
    expect(spanish.status).toBe(200);
    expect(spanish.title).toBe('¿Tu coparente ya tiene una cuenta? – CoParent Hub');
    expect(spanish.html).toContain('¿Tu coparente ya tiene una cuenta?</h1>');
    expect(spanish.html).toContain('No, no tiene');

    const english = await renderPage('/signup', 'en');
    expect(english.title).toBe('Sign up – CoParent Hub');
    expect(english.html).toContain('For Parents');
    expect(english.html).toContain('href="/app/join/coparentstatus"');
  });

  it('answers the co-parent question without a script: forms, and the panel shown for Yes', async () => {
    const closed = await renderPage('/coparentstatus', 'en');
    expect(closed.html).toContain('action="/app/join/step1"');
    expect(closed.html).toMatch(/<section id="coparent-has-account" hidden=""/);

    const open = await renderPage('/coparentstatus?answer=has-account', 'en');
    expect(open.html).not.toMatch(/<section id="coparent-has-account" hidden=""/);
    expect(open.html).toContain('aria-expanded="true"');
  });

  it('follows a ?flags= experiment as the browser does', async () => {
    const treatment = await renderPage('/signup?flags=remove-coparent-status:Treatment', 'en');
    expect(treatment.html).toContain('href="/app/join/step1"');
  });

  it('writes a page with no script with what the server decided and knows', async () => {
    const written = async (path: string, scriptless = {}) => {
      const rendered = await render(request(path), 'es-MX', {
        flags: { 'remove-coparent-status': 'Treatment' },
        scriptless,
      });
      if (rendered.kind !== 'page') throw new Error(`${path} answered ${rendered.kind}`);
      return rendered.html;
    };
    const landing = await written('/signup', {
      discountSearch: '?discount=1&referrerKey=demo-coach&percentage=MTU=',
    });
    // The server's arm, the discount kept for the tab, the menu's button outside <noscript>.
    expect(landing).toContain('href="/app/join/step1"');
    expect(landing).toContain(spanish.discount.banner.replace('{{percent}}', '15'));
    expect(landing).toMatch(/<\/select><button type="submit"/);
    expect(landing).not.toContain('autofocus');
    // Reached by a page load: the heading takes the focus as it loads.
    expect(await written('/coparentstatus')).toMatch(/<h1 [^>]*autofocus=""/);
    const duplicate = await written('/duplicate', {
      duplicateParent: { name: 'Ana', email: 'taken@example.com' },
    });
    expect(duplicate).toContain('taken@example.com');
    // A page the app takes over is written as before.
    expect((await renderPage('/coparentstatus', 'en')).html).not.toContain('autofocus');
  });

  it('the app takes over the same HTML without a mismatch, and then answers to input', async () => {
    const errors = vi.spyOn(console, 'error');
    const rendered = await renderPage('/coparentstatus', 'en');
    const container = mountWrittenPage(rendered.html, '/coparentstatus');
    const serverHeading = screen.getByRole('heading', { level: 1 });

    await startOn(container);
    // Hydrated, not rendered again: the server's elements are the app's.
    expect(screen.getByRole('heading', { level: 1 })).toBe(serverHeading);
    expect(errors).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Yes, they do' }));
    expect(screen.getByRole('heading', { name: 'Check your email' })).toHaveFocus();
    expect(window.location.search).toBe('');
  });

  it('makes a language picked before the app took over the page', async () => {
    const rendered = await renderPage('/signup', 'en');
    const container = mountWrittenPage(rendered.html, '/signup');
    const menu = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    menu.value = 'es-MX';

    await startOn(container);
    expect(await screen.findByRole('heading', { level: 1, name: 'Empecemos' })).toBeVisible();
    expect(document.documentElement.lang).toBe('es-MX');
  });

  it("hydrates a returning visitor's page, then shows what only the browser knows", async () => {
    // The server knows nothing of the tab…
    const rendered = await renderPage('/signup', 'en');
    expect(rendered.html).toContain('(866) 755-9991');
    expect(rendered.html).not.toContain('020 3514 0008');
    // …nor of the browser (its language is British English), nor of the tab, which holds a
    // signup, a followed discount link and a remembered experiment.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    window.sessionStorage.setItem(
      'coparent.join',
      JSON.stringify({
        state: {
          signupId: 'signup-1',
          lastCompletedStep: 1,
        },
        version: 1,
      }),
    );
    window.sessionStorage.setItem(
      'coparent.discount',
      JSON.stringify({ referrerKey: 'demo-coach', percent: 20 }),
    );
    window.sessionStorage.setItem(
      'coparent.flags',
      JSON.stringify({ 'remove-coparent-status': 'Treatment' }),
    );
    await useFunnelStore.persist.rehydrate();
    const errors = vi.spyOn(console, 'error');
    const container = mountWrittenPage(rendered.html, '/signup');
    const serverHeading = screen.getByRole('heading', { level: 1 });
    await startOn(container);
    expect(screen.getByRole('heading', { level: 1 })).toBe(serverHeading);
    expect(errors).not.toHaveBeenCalled();
    expect(await screen.findByText('Your 20% discount will be applied.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'For Parents' })).toHaveAttribute(
      'href',
      '/app/join/step1',
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent('020 3514 0008');
  });

  it('writes the duplicate account screen in the language asked for', async () => {
    const english = await renderPage('/duplicate', 'en');
    expect(english.status).toBe(200);
    expect(english.title).toBe('Get connected to your co-parent – CoParent Hub');
    expect(english.html).toContain('Get connected to your co-parent</h1>');
    expect(english.html).toContain('an account may already exist for your email address.');
    expect(english.html).toContain('href="/app/account/login"');

    const spanish = await renderPage('/duplicate', 'es-MX');
    expect(spanish.status).toBe(200);
    expect(spanish.title).toBe('Conéctate con tu coparente – CoParent Hub');
    expect(spanish.html).toContain('Conéctate con tu coparente</h1>');
    expect(spanish.html).toContain('ya exista una cuenta para tu correo electrónico.');
  });

  it('hydrates the duplicate account screen, then names the person the tab sent there', async () => {
    const rendered = await renderPage('/duplicate', 'en');
    expect(rendered.html).not.toContain('ana@example.com');
    const errors = vi.spyOn(console, 'error');
    // A reload: the tab's history still holds what the step-1 submit sent (React Router keeps the
    // navigation's state under `usr`); the server never saw it.
    const container = mountWrittenPage(rendered.html, '/duplicate', {
      usr: { name: 'Ana', email: 'ana@example.com' },
      key: 'step1-submit',
      idx: 1,
    });
    const serverHeading = screen.getByRole('heading', { level: 1 });

    await startOn(container);
    expect(screen.getByRole('heading', { level: 1 })).toBe(serverHeading);
    expect(
      await screen.findByText(
        'Ana, your co-parent may already have signed up, or an account may already exist for ana@example.com.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toBe(serverHeading);
    expect(errors).not.toHaveBeenCalled();
  });

  describe('step 1', () => {
    const posted = {
      firstName: 'Ana',
      lastName: '',
      email: 'ana@example',
      countryCode: 'MEXICO',
      phoneNumber: '5512345678',
    };

    it('is a form that posts to the server, in the language asked for', async () => {
      const spanish = await renderPage('/step1', 'es-MX');
      expect(spanish.title).toBe('Crea tu cuenta de padre o madre – CoParent Hub');
      const form = /<form[^>]*id="step-one-form"[^>]*>/.exec(spanish.html)?.[0];
      expect(form).toContain('method="post"');
      expect(form).toContain('action="/app/join/step1"');
      expect(spanish.html).toContain('¿Conoces el correo electrónico de tu coparente?');
      expect(spanish.html).not.toContain('role="alert"');
    });

    it('answers a post with its values in the fields and its problems listed', async () => {
      const rendered = await render(request('/step1'), 'es-MX', {
        submission: {
          path: '/step1',
          values: posted,
          errors: [{ field: 'parent.phoneNumber', text: 'Revisa este número', type: 'ERROR' }],
        },
      });
      if (rendered.kind !== 'page') throw new Error('not a page');
      expect(rendered.title).toBe('Error: Crea tu cuenta de padre o madre – CoParent Hub');
      expect(rendered.html).toContain('value="Ana"');
      expect(rendered.html).toContain('value="ana@example"');
      expect(rendered.html).toMatch(/<option value="MEXICO" selected="">/);
      for (const problem of [
        'Ingresa un apellido',
        'Correo electrónico no válido',
        'Indícanos si conoces el correo electrónico de tu coparente',
        'Revisa este número',
      ]) {
        expect(rendered.html).toContain(problem);
      }
      expect(rendered.html).toContain('href="#lastName"');
    });

    it('lists a refusal no field shows (the server could not take the post now)', async () => {
      const text = 'We could not save your answers just now.';
      const rendered = await render(request('/step1'), 'en', {
        submission: {
          path: '/step1',
          values: {
            ...posted,
            lastName: 'Ruiz',
            email: 'ana@example.com',
            knowsCoParentEmail: 'no',
          },
          errors: [{ field: 'form', text, type: 'ERROR' }],
        },
      });
      if (rendered.kind !== 'page') throw new Error('not a page');
      const summary = /<div[^>]*role="alert".*?<\/div>/.exec(rendered.html)?.[0];
      expect(summary).toContain(`<li>${text}</li>`);
      expect(rendered.html).toMatch(/<input id="knowsCoParentEmail-no"[^>]*checked=""/);
    });

    it('the app takes over a post answered by the server, its problems still listed', async () => {
      const submission = { path: '/step1', values: posted, errors: [] };
      const rendered = await render(request('/step1'), 'en', { submission });
      if (rendered.kind !== 'page') throw new Error('not a page');
      const written = document.createElement('script');
      written.type = 'application/json';
      written.id = FORM_SUBMISSION_ELEMENT_ID;
      written.textContent = JSON.stringify(submission);
      document.body.append(written);
      const errors = vi.spyOn(console, 'error');
      const container = mountWrittenPage(rendered.html, '/step1');
      const serverSummary = screen.getByRole('alert');

      await startOn(container);
      expect(screen.getByRole('alert')).toBe(serverSummary);
      expect(errors).not.toHaveBeenCalled();
      expect(screen.getByLabelText('First name')).toHaveValue('Ana');
      // The app checks the next try itself.
      await userEvent.type(screen.getByLabelText('Last name'), 'Ruiz');
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(screen.getByRole('alert')).not.toHaveTextContent('Enter a last name');
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid email address');
    });

    it("keeps what was typed before the app took over, and fills the rest from the tab's draft", async () => {
      window.sessionStorage.setItem(
        'coparent.join',
        JSON.stringify({
          state: {
            lastCompletedStep: 0,
            stepOneValues: { firstName: 'Draft', lastName: 'Ruiz', email: 'draft@example.com' },
          },
          version: 1,
        }),
      );
      await useFunnelStore.persist.rehydrate();
      const rendered = await renderPage('/step1', 'en');
      const container = mountWrittenPage(rendered.html, '/step1');
      // Typed while the script was on its way.
      (screen.getByLabelText('First name') as HTMLInputElement).value = 'Ana';
      const errors = vi.spyOn(console, 'error');

      await startOn(container);
      expect(errors).not.toHaveBeenCalled();
      await waitFor(() => expect(screen.getByLabelText('Last name')).toHaveValue('Ruiz'));
      expect(screen.getByLabelText('First name')).toHaveValue('Ana');
      expect(screen.getByLabelText('Email address')).toHaveValue('draft@example.com');
      expect(useFunnelStore.getState().stepOneValues?.firstName).toBe('Ana');
    });

    it("is written with the browser's saved signup: its answers and progress", async () => {
      const rendered = await render(request('/step1'), 'en', { signup: signupState(1) });
      if (rendered.kind !== 'page') throw new Error('not a page');
      expect(rendered.html).toContain('value="Ana"');
      expect(rendered.html).toContain('value="ana@example.com"');
      expect(rendered.html).toMatch(/<input id="knowsCoParentEmail"[^>]*checked=""/);
      // Step 2 can be opened from the progress: step 1 is done.
      const stepTwo = rendered.html
        .match(/<button type="button" class="step"[^>]*>.*?<\/button>/g)
        ?.find((button) => button.includes('Step 2:'));
      expect(stepTwo).toBeDefined();
      expect(stepTwo).not.toContain('disabled');
    });

    it("the app takes it over with the signup, the tab's newer draft winning over what was saved", async () => {
      const saved = signupState(1);
      window.sessionStorage.setItem(
        'coparent.join',
        JSON.stringify({
          state: { lastCompletedStep: 0, stepOneValues: { email: 'ana.new@example.com' } },
          version: 1,
        }),
      );
      await useFunnelStore.persist.rehydrate();
      const rendered = await render(request('/step1'), 'en', { signup: saved });
      if (rendered.kind !== 'page') throw new Error('not a page');
      writePageData(SERVER_SIGNUP_ELEMENT_ID, saved);
      const container = mountWrittenPage(rendered.html, '/step1');
      (screen.getByLabelText('Last name') as HTMLInputElement).value = 'Ruiz';
      const errors = vi.spyOn(console, 'error');

      await startOn(container);
      expect(errors).not.toHaveBeenCalled();
      expect(useFunnelStore.getState()).toMatchObject({
        signupId: SIGNUP_ID,
        lastCompletedStep: 1,
      });
      await waitFor(() =>
        expect(screen.getByLabelText('Email address')).toHaveValue('ana.new@example.com'),
      );
      expect(screen.getByLabelText('First name')).toHaveValue('Ana');
      expect(screen.getByLabelText('Last name')).toHaveValue('Ruiz');
    });
  });

  describe('step 2', () => {
    /** Whether the page has a button with all these attributes. */
    const buttonWith = (html: string, ...attributes: string[]) =>
      (html.match(/<button[^>]*>/g) ?? []).some((button) =>
        attributes.every((attribute) => button.includes(attribute)),
      );
    const family = {
      ...signupState(2),
      coParent: {
        firstName: 'Luis',
        lastName: 'Pérez',
        email: 'luis@example.com',
        phoneCountryCode: null,
        phoneNumber: null,
      },
      children: [
        { firstName: 'Mateo', lastName: 'Pérez', email: null },
        { firstName: 'Sofía', lastName: 'Pérez', email: 'sofia@example.com' },
      ],
    };
    const written = async (
      locale: 'en' | 'es-MX',
      options: Parameters<typeof render>[2],
    ): Promise<string> => {
      const rendered = await render(request('/step2'), locale, options);
      if (rendered.kind !== 'page') throw new Error('not a page');
      return rendered.html;
    };

    it("is written with the browser's saved family, a form whose every button works without a script", async () => {
      const html = await written('en', { signup: family });
      const form = /<form[^>]*id="step-two-form"[^>]*>/.exec(html)?.[0];
      expect(form).toContain('method="post"');
      expect(form).toContain('action="/app/join/step2"');
      for (const value of ['Luis', 'luis@example.com', 'Mateo', 'Sofía', 'sofia@example.com']) {
        expect(html).toContain(`value="${value}"`);
      }
      expect(buttonWith(html, 'type="submit"', 'name="familyAction"', 'value="add-child"')).toBe(
        true,
      );
      expect(
        buttonWith(html, 'type="submit"', 'name="familyAction"', 'value="remove-child-1"'),
      ).toBe(true);
      // Enter in a field presses Continue: the first submit button is the hidden default one.
      expect(html.indexOf('hidden=""')).toBeLessThan(html.indexOf('value="add-child"'));
      expect(html).toContain('<form action="/app/join/step1" method="get">');
      expect(html).not.toContain('role="alert"');
    });

    it('is not written for a signup that has not reached it', async () => {
      const html = await written('en', { signup: signupState(0) });
      expect(html).not.toContain('step-two-form');
    });

    it('answers a post with its values and problems, in the language asked for', async () => {
      const html = await written('es-MX', {
        signup: family,
        submission: {
          path: '/step2',
          values: {
            'coParent.firstName': 'Luis',
            'coParent.lastName': '',
            'coParent.email': 'luis@example.com',
            'coParent.countryCode': 'US_CANADA',
            'coParent.phoneNumber': '',
            'children.0.firstName': 'Mateo',
            'children.0.lastName': '',
            'children.0.email': '',
          },
          errors: [{ field: 'children.0.email', text: 'Revisa este correo', type: 'ERROR' }],
        },
      });
      const summary = /<div[^>]*role="alert".*?<\/div>/.exec(html)?.[0];
      expect(summary).toContain('Coparente: Ingresa un apellido');
      expect(summary).toContain('Hijo o hija 1: Ingresa un apellido');
      expect(summary).toContain('Revisa este correo');
      expect(html).toContain('value="Mateo"');
      expect(html).not.toContain('Sofía');
    });

    it('shows a child added or removed without a script, with no problems listed', async () => {
      const html = await written('en', {
        signup: family,
        submission: {
          path: '/step2',
          values: {
            'coParent.firstName': '',
            'coParent.lastName': '',
            'coParent.email': '',
            'coParent.countryCode': 'US_CANADA',
            'coParent.phoneNumber': '',
            'children.0.firstName': 'Mateo',
            'children.0.lastName': '',
            'children.0.email': '',
            'children.1.firstName': '',
            'children.1.lastName': '',
            'children.1.email': '',
          },
          errors: [],
          checked: false,
        },
      });
      expect(html).not.toContain('role="alert"');
      expect(html).toContain('Child 2');
      expect(html).not.toContain('Child 3');
    });

    it("says the co-parent's email has an account, Continue posting the confirmation", async () => {
      const text = 'Luis already has an account.';
      const html = await written('en', {
        signup: family,
        submission: {
          path: '/step2',
          values: {
            'coParent.firstName': 'Luis',
            'coParent.lastName': 'Pérez',
            'coParent.email': 'luis@example.com',
            'coParent.countryCode': 'US_CANADA',
            'coParent.phoneNumber': '',
            'children.0.firstName': 'Mateo',
            'children.0.lastName': 'Pérez',
            'children.0.email': '',
          },
          errors: [{ field: 'coParentDuplicate', text, type: 'DUPLICATE' }],
        },
      });
      expect(html).toContain(text);
      const confirm = ['form="step-two-form"', 'name="coParentDuplicateConfirmed"', 'value="yes"'];
      expect(buttonWith(html, 'type="submit"', ...confirm)).toBe(true);
      expect(html).not.toContain('role="alert"');
    });

    it("the app takes it over with the signup, the tab's draft replacing it when nothing was typed", async () => {
      const mocks = mockFetch(onGetSignup(2));
      window.sessionStorage.setItem(
        'coparent.join',
        JSON.stringify({
          state: {
            signupId: SIGNUP_ID,
            lastCompletedStep: 2,
            stepOneValues: PARENT,
            stepTwoValues: {
              coParent: { firstName: 'Draft', lastName: 'Pérez', email: 'luis@example.com' },
              children: [{ firstName: 'Mateo', lastName: 'Pérez', email: '' }],
            },
          },
          version: 1,
        }),
      );
      await useFunnelStore.persist.rehydrate();
      const html = await written('en', { signup: family });
      writePageData(SERVER_SIGNUP_ELEMENT_ID, family);
      const container = mountWrittenPage(html, '/step2');
      const errors = vi.spyOn(console, 'error');

      await startOn(container);
      expect(errors).not.toHaveBeenCalled();
      await waitFor(() => expect(screen.getAllByLabelText('First name')[0]).toHaveValue('Draft'));
      expect(screen.queryByRole('group', { name: 'Child 2' })).toBeNull();
      // With the app, Add child adds a row in place.
      await userEvent.click(screen.getByRole('button', { name: /Add child/ }));
      expect(screen.getByRole('group', { name: 'Child 2' })).toBeInTheDocument();
      expect(mocks.calls.every((call) => call.method === 'GET')).toBe(true);
    });

    /** The tab's store as a reload finds it: `signupId` with a draft typed on step 2. */
    async function tabHolding(signupId: string | undefined) {
      window.sessionStorage.setItem(
        'coparent.join',
        JSON.stringify({
          state: {
            ...(signupId ? { signupId } : {}),
            lastCompletedStep: signupId ? 2 : 0,
            stepOneValues: signupId ? { ...PARENT, firstName: 'Other' } : undefined,
            stepTwoValues: {
              coParent: { firstName: 'Draft', lastName: 'Pérez', email: 'luis@example.com' },
              children: [{ firstName: 'Mateo', lastName: 'Pérez', email: '' }],
            },
          },
          version: 1,
        }),
      );
      await useFunnelStore.persist.rehydrate();
    }

    /** Step 2 written with the saved family, taken over by the app: the calls it made. */
    async function takeOverStepTwo() {
      const mocks = mockFetch(onGetSignup(2));
      const html = await written('en', { signup: family });
      writePageData(SERVER_SIGNUP_ELEMENT_ID, family);
      const container = mountWrittenPage(html, '/step2');
      const errors = vi.spyOn(console, 'error');
      await startOn(container);
      expect(errors).not.toHaveBeenCalled();
      return mocks.calls;
    }

    /**
     * None of the signup's calls once the app has the page: the server has just read the signup
     * it wrote the page with, so neither the step's guard reads it again, nor does anything ask
     * for /v2/signups/current or the tab's other signup.
     */
    async function expectNoSignupRead(calls: { url: string }[]) {
      // Long enough for the effects that followed the take-over to have asked.
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect(calls.map((call) => call.url).filter((url) => url.includes('/signups'))).toEqual([]);
    }

    it('the tab holding the same signup goes on with its draft', async () => {
      await tabHolding(SIGNUP_ID);
      const calls = await takeOverStepTwo();
      await waitFor(() => expect(screen.getAllByLabelText('First name')[0]).toHaveValue('Draft'));
      expect(useFunnelStore.getState().stepOneValues?.firstName).toBe('Other');
      await expectNoSignupRead(calls);
    });

    it('a tab holding no signup takes the one the page was written with', async () => {
      window.sessionStorage.removeItem('coparent.join');
      await useFunnelStore.persist.rehydrate();
      useFunnelStore.getState().reset();
      const calls = await takeOverStepTwo();
      expect(useFunnelStore.getState()).toMatchObject({
        signupId: SIGNUP_ID,
        lastCompletedStep: 2,
      });
      expect(screen.getAllByLabelText('First name')[0]).toHaveValue('Luis');
      expect(screen.getByRole('group', { name: 'Child 2' })).toBeInTheDocument();
      await expectNoSignupRead(calls);
    });

    it("a tab holding another signup takes the page's (the cookie's, the live one), forgetting its drafts", async () => {
      await tabHolding('5d0c7a1e-1111-4222-8333-444455556666');
      const calls = await takeOverStepTwo();
      expect(useFunnelStore.getState()).toMatchObject({
        signupId: SIGNUP_ID,
        lastCompletedStep: 2,
        stepTwoValues: undefined,
      });
      expect(useFunnelStore.getState().stepOneValues?.firstName).toBe('Ana');
      expect(screen.getAllByLabelText('First name')[0]).toHaveValue('Luis');
      expect(screen.getByRole('group', { name: 'Child 2' })).toBeInTheDocument();
      await expectNoSignupRead(calls);
    });

    it("keeps what was typed before the app took over over the tab's draft", async () => {
      mockFetch(onGetSignup(2));
      window.sessionStorage.setItem(
        'coparent.join',
        JSON.stringify({
          state: {
            lastCompletedStep: 0,
            stepTwoValues: { coParent: { firstName: 'Draft' }, children: [] },
          },
          version: 1,
        }),
      );
      await useFunnelStore.persist.rehydrate();
      const html = await written('en', { signup: family });
      writePageData(SERVER_SIGNUP_ELEMENT_ID, family);
      const container = mountWrittenPage(html, '/step2');
      (screen.getAllByLabelText('Last name')[0] as HTMLInputElement).value = 'Typed';

      await startOn(container);
      expect(useFunnelStore.getState()).toMatchObject({
        signupId: SIGNUP_ID,
        lastCompletedStep: 2,
      });
      expect(screen.getAllByLabelText('First name')[0]).toHaveValue('Luis');
      expect(screen.getAllByLabelText('Last name')[0]).toHaveValue('Typed');
      expect(screen.getByRole('group', { name: 'Child 2' })).toBeInTheDocument();
    });
  });
});

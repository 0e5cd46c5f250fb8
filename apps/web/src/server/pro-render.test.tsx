import { type Locale, timeZonesFor } from '@coparent/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { useProStore } from '@/features/pro/pro-store';
import { mockFetch } from '@/test/fetch-mock';
import { onProLookups, onProTimeZones, PRO_USER, proLookups } from '@/test/pro-fixtures';
import { APP_READY_ATTRIBUTE } from '../app/app';
import { startApp } from '../app/start';
import {
  type FormSubmission,
  render,
  SERVER_QUERIES_ELEMENT_ID,
  SERVER_RENDERED_ATTRIBUTE,
  serverPageQueries,
} from '../entry-server';

// The professional registration written by the server: step 1 with its option lists (no
// spinner), and the pages answering a step posted as a form (a file of its own: an app started
// in a test keeps running in that file's document).

/** The API as the server reads it for the page (the same answers the app's calls get). */
function fetchJsonIn(locale: Locale) {
  return async (path: string): Promise<unknown> => {
    if (path === '/v2/professional/lookups') return proLookups(locale);
    const zones =
      /^\/v2\/professional\/lookups\/countries\/(\w+)\/timezones(?:\?region=(\w+))?$/.exec(path);
    if (zones?.[1]) return timeZonesFor(zones[1], zones[2], locale);
    throw new Error(`unexpected ${path}`);
  };
}

async function written(locale: Locale = 'en', submission?: FormSubmission) {
  const fetchJson = fetchJsonIn(locale);
  const queries = await serverPageQueries('/pro', { locale, fetchJson, submission });
  const rendered = await render(new Request('http://localhost/app/join/pro'), locale, {
    queries,
    submission,
  });
  if (rendered.kind !== 'page') throw new Error('not a page');
  return { html: rendered.html, title: rendered.title, queries };
}

const STEP_ONE = {
  firstName: 'Ana',
  lastName: 'García',
  email: 'ana.pro@example.com',
  phoneCountryCode: 'US_CANADA',
  phoneNumber: '5551234567',
  hearAboutUs: 'SEARCH_ENGINE',
  activityStart: '2026-11-29T08:00:00.000Z',
};

describe('/pro rendered on the server', () => {
  it('writes step 1 as a form that posts, with the lookups’ options and no spinner', async () => {
    const { html, title } = await written('en');
    expect(html).toContain('action="/app/join/pro" method="post"');
    expect(html).toContain('name="proStep" value="1"');
    expect(html).toMatch(/name="activityStart" value="\d{4}-\d{2}-\d{2}T/);
    expect(html).toContain('About you');
    expect(html).toContain('<option value="SEARCH_ENGINE">Search engine</option>');
    expect(html).not.toContain('role="status"');
    expect(title).toBe('Step 1 of 3: About you – Professional registration – CoParent Hub');
  });

  it('writes it in Spanish, lookups included', async () => {
    const { html } = await written('es-MX');
    const source = proLookups('es-MX').referralSources.find((s) => s.id === 'SEARCH_ENGINE');
    expect(source?.name).toBeTruthy();
    expect(html).toContain(`<option value="SEARCH_ENGINE">${source?.name}</option>`);
    expect(html).toContain('Sobre ti');
  });

  it('answers a refused step with its values and the problems beside the fields', async () => {
    const { html, title } = await written('en', {
      path: '/pro',
      values: { ...STEP_ONE, firstName: '', proStep: '1' },
      errors: [{ field: 'firstName', text: 'Enter a first name', type: 'ERROR' }],
    });
    expect(html).toContain('value="ana.pro@example.com"');
    expect(html).toContain('Enter a first name');
    expect(html).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*name="firstName"|name="firstName"[^>]*aria-invalid="true"/,
    );
    expect(title).toMatch(/^Error: /);
  });

  it('answers an accepted step 1 with step 2, carrying step 1 and listing the time zones', async () => {
    const { html } = await written('en', {
      path: '/pro',
      values: { ...STEP_ONE, proStep: '2' },
      errors: [],
    });
    expect(html).toContain('name="proStep" value="2"');
    expect(html).toContain('type="hidden" name="email" value="ana.pro@example.com"');
    expect(html).toContain('value="back" name="proAction"');
    expect(html).toContain('name="roles[]"');
    expect(html).toContain('America/Chicago');
  });

  it('writes the success without anything of the form', async () => {
    const { html } = await written('en', {
      path: '/pro',
      values: { proStep: 'done', proUser: JSON.stringify(PRO_USER) },
      errors: [],
    });
    expect(html).toContain(PRO_USER.email);
    expect(html).not.toContain('action="/app/join/pro"');
  });

  it('the app takes step 1 over without a mismatch, then restores the tab’s draft', async () => {
    mockFetch(onProLookups(), onProTimeZones());
    useProStore.getState().setStepOne({ firstName: 'Typed in the tab' });
    const { html, queries } = await written('en');
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = SERVER_QUERIES_ELEMENT_ID;
    data.textContent = JSON.stringify(queries);
    document.body.append(data);
    window.history.replaceState(null, '', '/app/join/pro');
    const container = document.createElement('div');
    container.id = 'root';
    container.setAttribute(SERVER_RENDERED_ATTRIBUTE, '');
    container.innerHTML = html;
    document.body.append(container);
    // Typed before the script ran: kept.
    const lastName = container.querySelector<HTMLInputElement>('input[name="lastName"]');
    if (!lastName) throw new Error('no last name');
    lastName.value = 'Typed early';
    const errors = vi.spyOn(console, 'error');

    const root = await startApp(container);
    onTestFinished(() => act(() => root.unmount()));
    await waitFor(() => expect(document.documentElement).toHaveAttribute(APP_READY_ATTRIBUTE));
    expect(errors).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Typed in the tab'),
    );
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Typed early');
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { INVITE_IN_COOKIE, readInviteToken } from '@/stores/invite-token';
import { mockFetch, on } from '@/test/fetch-mock';
import { INVITE_TOKEN, invitedContext } from '@/test/invite-fixtures';
import { APP_READY_ATTRIBUTE } from '../app/app';
import { startApp } from '../app/start';
import {
  render,
  SERVER_QUERIES_ELEMENT_ID,
  SERVER_RENDERED_ATTRIBUTE,
  serverPageQueries,
} from '../entry-server';

// The invited co-parent's welcome written by the server from the link's token (a file of its
// own: an app started in a test keeps running in that file's document).

const LINK = `/app/join/invite?token=${INVITE_TOKEN}`;

/** The API as the server reads it for the page: the invitation the link's token names. */
async function fetchJson(path: string, init?: { bearer?: string }): Promise<unknown> {
  if (path === '/v2/invites/current' && init?.bearer === INVITE_TOKEN) return invitedContext();
  throw new Error(`unexpected ${path}`);
}

async function writtenWelcome(locale: 'en' | 'es-MX' = 'en') {
  const queries = await serverPageQueries('/invite', {
    search: new URL(LINK, 'http://localhost').searchParams,
    locale,
    fetchJson,
  });
  const rendered = await render(new Request(`http://localhost${LINK}`), locale, { queries });
  if (rendered.kind !== 'page') throw new Error('not a page');
  return { html: rendered.html, queries };
}

describe("the invitation's welcome rendered on the server", () => {
  it('is written with the family the link invites to, in the visitor’s language', async () => {
    const { html } = await writtenWelcome('es-MX');
    for (const name of ['Ana López', 'Luis García', 'Sofía García']) {
      const [first] = name.split(' ');
      expect(html).toContain(first);
    }
    expect(html).toContain('href="/app/join/invite/step1"');
    expect(html).toContain('Comenzar');
    expect(html).not.toContain('role="status"');
  });

  it('holds the link’s token nowhere in the page (the answer keeps it in the HttpOnly cookie)', async () => {
    const { html, queries } = await writtenWelcome();
    expect(queries).toHaveLength(1);
    expect(html).not.toContain(INVITE_TOKEN);
    expect(JSON.stringify(queries)).not.toContain(INVITE_TOKEN);
  });

  it('reads nothing without a token (the app sends the visitor on)', async () => {
    const queries = await serverPageQueries('/invite', {
      search: new URLSearchParams(),
      locale: 'en',
      fetchJson,
    });
    expect(queries).toEqual([]);
  });

  it('the app takes it over without a mismatch and takes the token out of the address bar', async () => {
    mockFetch(on('GET', '/v2/invites/current', { body: invitedContext() }));
    const { html, queries } = await writtenWelcome();
    const written = document.createElement('script');
    written.type = 'application/json';
    written.id = SERVER_QUERIES_ELEMENT_ID;
    written.textContent = JSON.stringify(queries);
    document.body.append(written);
    window.history.replaceState(null, '', LINK);
    const container = document.createElement('div');
    container.id = 'root';
    container.setAttribute(SERVER_RENDERED_ATTRIBUTE, '');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');

    const root = await startApp(container);
    onTestFinished(() => act(() => root.unmount()));
    await waitFor(() => expect(document.documentElement).toHaveAttribute(APP_READY_ATTRIBUTE));
    expect(errors).not.toHaveBeenCalled();
    await waitFor(() => expect(window.location.search).toBe(''));
    // The tab goes on with the cookie: its later calls send no token of their own.
    expect(readInviteToken()).toBe(INVITE_IN_COOKIE);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/app/join/invite/step1',
    );
  });
});

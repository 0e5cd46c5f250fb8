import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_READY_ATTRIBUTE } from '../app/app';
import { startApp } from '../app/start';
import { render, SERVER_RENDERED_ATTRIBUTE, SERVER_RENDERED_PATHS } from '../entry-server';

const request = (path: string) => new Request(`http://localhost/app/join${path}`);

async function renderPage(path: string, locale: 'en' | 'es-MX') {
  const rendered = await render(request(path), locale);
  if (rendered.kind !== 'page') throw new Error(`${path} answered ${rendered.kind}`);
  return rendered;
}

describe('the join pages rendered on the server', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    document.documentElement.removeAttribute(APP_READY_ATTRIBUTE);
    window.history.replaceState(null, '', '/');
  });

  it('are the landing and the co-parent question', () => {
    expect(SERVER_RENDERED_PATHS).toEqual(['/signup', '/coparentstatus']);
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

  it('the app takes over the same HTML without a mismatch, and then answers to input', async () => {
    const errors = vi.spyOn(console, 'error');
    const rendered = await renderPage('/coparentstatus', 'en');
    window.history.replaceState(null, '', '/app/join/coparentstatus');
    const container = document.createElement('div');
    container.id = 'root';
    container.setAttribute(SERVER_RENDERED_ATTRIBUTE, '');
    container.innerHTML = rendered.html;
    document.body.append(container);
    const serverHeading = screen.getByRole('heading', { level: 1 });

    await startApp(container);
    await waitFor(() => expect(document.documentElement).toHaveAttribute(APP_READY_ATTRIBUTE));
    // Hydrated, not rendered again: the server's elements are the app's.
    expect(screen.getByRole('heading', { level: 1 })).toBe(serverHeading);
    expect(errors).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Yes, they do' }));
    expect(screen.getByRole('heading', { name: 'Check your email' })).toHaveFocus();
    expect(window.location.search).toBe('');
  });
});

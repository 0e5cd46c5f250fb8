import { RESTRICTIONS, SUPPORT_CHAT_TOKEN_PATH } from '@coparent/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PARENT_SESSION,
  parentHome,
  SESSION_REQUIRED,
} from '../features/account/test/account-fixtures';
import { renderAccount } from '../features/account/test/render-account';
import { ZENDESK_SNIPPET_ID } from '../features/support-chat/zendesk-messenger';
import { mockFetch, on } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

const WIDGET_KEY = '0a1b2c3d-4e5f-6789-abcd-ef0123456789';
const CHAT_ON = { [RESTRICTIONS.supportChat]: true };
const snippets = () => document.querySelectorAll(`script#${ZENDESK_SNIPPET_ID}`);

/** Zendesk's `zE`, recorded; `loginUser`'s JWT callback is kept to be called like Zendesk does. */
function fakeZendesk() {
  const zE = vi.fn();
  window.zE = zE;
  /** Fires the snippet's load, then asks for a token as the widget would; answers what it got. */
  const loadAndAskForToken = async () => {
    snippets()[0]?.dispatchEvent(new Event('load'));
    const login = zE.mock.calls.find((args) => args[0] === 'messenger' && args[1] === 'loginUser');
    const jwtCallback = login?.[2] as ((callback: (jwt: string) => void) => void) | undefined;
    if (!jwtCallback) throw new Error("zE('messenger', 'loginUser', …) was not called");
    const received = vi.fn();
    jwtCallback(received);
    return received;
  };
  return { zE, loadAndAskForToken };
}

beforeEach(() => {
  vi.stubEnv('VITE_ZENDESK_WIDGET_KEY', WIDGET_KEY);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  for (const script of snippets()) script.remove();
  delete window.zE;
});

describe('support chat (Zendesk messaging)', () => {
  it('loads the snippet on /duplicate when the flag is on, once, and logs the widget in', async () => {
    const { calls } = mockFetch(
      on('POST', SUPPORT_CHAT_TOKEN_PATH, { body: { token: 'signed.jwt.token' } }),
    );
    const { zE, loadAndAskForToken } = fakeZendesk();
    const first = await renderApp('/duplicate', { flags: CHAT_ON });
    expect(snippets()).toHaveLength(1);
    const snippet = snippets()[0] as HTMLScriptElement;
    expect(snippet.src).toBe(`https://static.zdassets.com/ekr/snippet.js?key=${WIDGET_KEY}`);
    expect(snippet.async).toBe(true);

    const received = await loadAndAskForToken();
    await vi.waitFor(() => expect(received).toHaveBeenCalledWith('signed.jwt.token'));
    expect(calls[0]?.body).toEqual({ anonymousId: expect.any(String) });

    // Leaving hides the launcher; coming back shows it again without a second snippet.
    first.unmount();
    expect(zE).toHaveBeenLastCalledWith('messenger', 'hide');
    await renderApp('/duplicate', { flags: CHAT_ON });
    expect(snippets()).toHaveLength(1);
    expect(zE).toHaveBeenLastCalledWith('messenger', 'show');
  });

  it('loads it on the account home when the flag is on', async () => {
    mockFetch(
      on('GET', '/v2/account/session', { body: PARENT_SESSION }),
      on('GET', '/v2/account/home', { body: parentHome() }),
    );
    renderAccount('/', { flags: CHAT_ON });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Ana' })).toBeVisible();
    expect(snippets()).toHaveLength(1);
  });

  it('is absent with the flag off, without a widget key, and on other screens', async () => {
    (await renderApp('/duplicate')).unmount();
    expect(snippets()).toHaveLength(0);

    vi.stubEnv('VITE_ZENDESK_WIDGET_KEY', '');
    (await renderApp('/duplicate', { flags: CHAT_ON })).unmount();
    expect(snippets()).toHaveLength(0);

    vi.stubEnv('VITE_ZENDESK_WIDGET_KEY', WIDGET_KEY);
    (await renderApp('/signup', { flags: CHAT_ON })).unmount();
    mockFetch(on('GET', '/v2/account/session', SESSION_REQUIRED));
    renderAccount('/login', { flags: CHAT_ON });
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(snippets()).toHaveLength(0);
  });

  it('a token failure is logged, never shown', async () => {
    mockFetch(
      on('POST', SUPPORT_CHAT_TOKEN_PATH, {
        status: 404,
        body: { type: 'about:blank', title: 'x', status: 404, code: 'SUPPORT_CHAT_DISABLED' },
      }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { loadAndAskForToken } = fakeZendesk();
    await renderApp('/duplicate', { flags: CHAT_ON });
    const textBefore = document.body.textContent;
    const received = await loadAndAskForToken();
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(received).not.toHaveBeenCalled();
    expect(document.body.textContent).toBe(textBefore);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

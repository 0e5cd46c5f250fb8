import { encodeCookieText, FLAG_OVERRIDES_COOKIE } from '@coparent/domain';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { identify, readQueue } from './analytics';
import { getAnonymousId } from './anonymous-id';
import { writeCookie } from './cookies';
import { FlagProvider, parseFlagParam, readUrlFlags, useFlag, useRestriction } from './flags';
import { EXPERIMENT_VIEWED } from './flags/exposure';
import { resetFlagClient } from './flags/flag-client';
import { i18n } from './i18n';

function Probe() {
  return <p>{useFlag('remove-coparent-status')}</p>;
}

describe('flags', () => {
  it('has every experiment off by default', () => {
    render(<Probe />);
    expect(screen.getByText('Off')).toBeVisible();
  });

  it('takes overrides from the provider', () => {
    render(
      <FlagProvider overrides={{ 'remove-coparent-status': 'Treatment' }}>
        <Probe />
      </FlagProvider>,
    );
    expect(screen.getByText('Treatment')).toBeVisible();
  });

  it('reads ?flags= and remembers it for the tab', () => {
    expect(
      parseFlagParam('remove-coparent-status:Treatment,venmo:Bogus, social-proof:Control'),
    ).toEqual({
      'remove-coparent-status': 'Treatment',
      'social-proof': 'Control',
    });
    expect(readUrlFlags('?flags=remove-coparent-status:Treatment')).toEqual({
      'remove-coparent-status': 'Treatment',
    });
    expect(readUrlFlags('')).toEqual({ 'remove-coparent-status': 'Treatment' });
  });

  it('takes over the flags a page written with no script kept for the tab, the address winning', () => {
    writeCookie(FLAG_OVERRIDES_COOKIE, encodeCookieText('brand-refresh:true,venmo:Control'));
    expect(readUrlFlags('?flags=venmo:Treatment')).toEqual({
      'brand-refresh': true,
      venmo: 'Treatment',
    });
    expect(document.cookie).not.toContain(FLAG_OVERRIDES_COOKIE);
    expect(readUrlFlags('')).toEqual({ 'brand-refresh': true, venmo: 'Treatment' });
  });

  it('reads restriction flags as true or false, off by default', () => {
    expect(parseFlagParam('hide-paypal:true,hide-amex:false,hide-venmo:Treatment')).toEqual({
      'hide-paypal': true,
      'hide-amex': false,
    });
    function Restriction() {
      return <p>{useRestriction('hide-paypal') ? 'hidden' : 'shown'}</p>;
    }
    const { rerender } = render(<Restriction />);
    expect(screen.getByText('shown')).toBeVisible();
    rerender(
      <FlagProvider overrides={{ 'hide-paypal': true }}>
        <Restriction />
      </FlagProvider>,
    );
    expect(screen.getByText('hidden')).toBeVisible();
  });
});

type Flag = { key: string; value: string | boolean; variant?: string; reason?: string };

/** Answers the OFREP bulk evaluation (fetch gets a Request) with these flags; records contexts. */
function ofrepServer(flagsFor: (context: Record<string, unknown>) => Flag[]) {
  const contexts: Record<string, unknown>[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    if (request.method !== 'POST' || !request.url.endsWith('/ofrep/v1/evaluate/flags')) {
      throw new TypeError('Failed to fetch');
    }
    const { context = {} } = (await request.json()) as { context?: Record<string, unknown> };
    contexts.push(context);
    return new Response(JSON.stringify({ flags: flagsFor(context) }), {
      status: 200,
      headers: { 'Content-Type': 'application/json', ETag: `"${contexts.length}"` },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { contexts, fetchMock };
}

const socialProof = (value: string): Flag => ({
  key: 'social-proof',
  value,
  variant: value,
  reason: 'TARGETING_MATCH',
});

function SocialProof() {
  return <p>social proof: {useFlag('social-proof')}</p>;
}

function PaypalRestriction() {
  return <p>paypal: {useRestriction('hide-paypal') ? 'hidden' : 'shown'}</p>;
}

const viewedEvents = () =>
  readQueue().filter((event) => event.type === 'track' && event.event === EXPERIMENT_VIEWED);

describe('flags from the server (OFREP)', () => {
  afterEach(async () => {
    await act(() => resetFlagClient());
  });

  it('answers the defaults while loading, then the server values', async () => {
    const server = ofrepServer(() => [
      socialProof('Treatment'),
      { key: 'hide-paypal', value: true, variant: 'on', reason: 'STATIC' },
    ]);
    render(
      <FlagProvider remote>
        <SocialProof />
        <PaypalRestriction />
      </FlagProvider>,
    );
    expect(screen.getByText('social proof: Off')).toBeVisible();
    expect(screen.getByText('paypal: shown')).toBeVisible();

    expect(await screen.findByText('social proof: Treatment')).toBeVisible();
    expect(screen.getByText('paypal: hidden')).toBeVisible();
    expect(server.contexts[0]).toEqual({
      targetingKey: getAnonymousId(),
      anonymousId: getAnonymousId(),
      locale: 'en',
      flow: 'join',
    });
  });

  it('keeps the defaults when the flag service cannot be reached', async () => {
    // OpenFeature logs the failed start to the console; the test only cares about the screen.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <FlagProvider remote>
        <SocialProof />
      </FlagProvider>,
    );
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.getByText('social proof: Off')).toBeVisible();
    consoleError.mockRestore();
  });

  it('lets overrides win over the server, and does not count them as exposures', async () => {
    ofrepServer(() => [socialProof('Control')]);
    render(
      <FlagProvider remote overrides={{ 'social-proof': 'Treatment' }}>
        <SocialProof />
      </FlagProvider>,
    );
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('social proof: Treatment')).toBeVisible();
    expect(viewedEvents()).toEqual([]);
  });

  it('tracks one exposure per visitor and experiment, for Control or Treatment only', async () => {
    ofrepServer(() => [socialProof('Control'), { key: 'venmo', value: 'Off', variant: 'Off' }]);
    function Venmo() {
      return <p>venmo: {useFlag('venmo')}</p>;
    }
    const { unmount } = render(
      <FlagProvider remote>
        <SocialProof />
        <SocialProof />
        <Venmo />
      </FlagProvider>,
    );
    expect(await screen.findAllByText('social proof: Control')).toHaveLength(2);
    unmount();
    render(
      <FlagProvider remote>
        <SocialProof />
      </FlagProvider>,
    );
    expect(await screen.findByText('social proof: Control')).toBeVisible();

    const events = viewedEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      properties: { experiment: 'social-proof', variant: 'Control' },
      anonymousId: getAnonymousId(),
    });
  });

  it('reads the arm without an exposure for a screen outside the funnel (the account area)', async () => {
    ofrepServer(() => [socialProof('Treatment')]);
    function AccountScreen() {
      return <p>account: {useFlag('social-proof', { recordsExposure: false })}</p>;
    }
    render(
      <FlagProvider remote>
        <AccountScreen />
      </FlagProvider>,
    );
    expect(await screen.findByText('account: Treatment')).toBeVisible();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(viewedEvents()).toEqual([]);
  });

  it('re-renders a reader only when the value it reads changes, not for every answer', async () => {
    const server = ofrepServer((context) => [
      socialProof('Control'),
      { key: 'hide-paypal', value: context.userId === 'user-9', variant: 'x', reason: 'STATIC' },
    ]);
    let socialProofRenders = 0;
    function CountedSocialProof() {
      socialProofRenders += 1;
      return <p>social proof: {useFlag('social-proof')}</p>;
    }
    render(
      <FlagProvider remote>
        <CountedSocialProof />
        <PaypalRestriction />
      </FlagProvider>,
    );
    expect(await screen.findByText('social proof: Control')).toBeVisible();
    const rendersAfterFirstAnswer = socialProofRenders;

    // A new answer (another context) that changes another flag only.
    act(() => identify('user-9'));
    expect(await screen.findByText('paypal: hidden')).toBeVisible();
    expect(server.contexts.at(-1)).toMatchObject({ userId: 'user-9' });
    expect(screen.getByText('social proof: Control')).toBeVisible();
    expect(socialProofRenders).toBe(rendersAfterFirstAnswer);
  });

  it('re-evaluates with the user id after identify and with the new language', async () => {
    const server = ofrepServer((context) => [
      socialProof(context.userId === 'user-7' ? 'Treatment' : 'Control'),
    ]);
    render(
      <FlagProvider remote>
        <SocialProof />
      </FlagProvider>,
    );
    expect(await screen.findByText('social proof: Control')).toBeVisible();

    act(() => identify('user-7'));
    expect(await screen.findByText('social proof: Treatment')).toBeVisible();
    // The visitor's anonymous id stays beside the user id (a rule can follow the visitor).
    expect(server.contexts.at(-1)).toMatchObject({
      targetingKey: 'user-7',
      userId: 'user-7',
      anonymousId: getAnonymousId(),
    });

    await act(() => i18n.changeLanguage('es-MX'));
    await waitFor(() => expect(server.contexts.at(-1)).toMatchObject({ locale: 'es-MX' }));
  });
});

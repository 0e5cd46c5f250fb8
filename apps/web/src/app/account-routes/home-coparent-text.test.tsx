import type { CoParentText } from '@coparent/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PARENT_SESSION, parentHome } from '@/features/account/test/account-fixtures';
import { renderAccount } from '@/features/account/test/render-account';
import { i18n } from '@/lib/i18n';
import { type MockReply, mockFetch, on } from '@/test/fetch-mock';

const RESEND = '/v2/account/coparent-invitation-text';
const NOT_DELIVERED: CoParentText = {
  problem: 'NOT_DELIVERED',
  phoneCountryCode: 'MEXICO',
  phoneNumber: '5512345678',
  resendAvailableAt: null,
};

/** The home with the co-parent's text in `state`; the resend answers `answer`, then as sent. */
function server(state: CoParentText | null, answer?: MockReply) {
  let resent = false;
  return mockFetch(
    on('GET', '/v2/account/session', { body: PARENT_SESSION }),
    on('GET', '/v2/account/home', () => ({
      body: parentHome({ coParentText: resent ? { ...NOT_DELIVERED, problem: null } : state }),
    })),
    on('POST', RESEND, () => {
      if (answer) return answer;
      resent = true;
      return { body: { sentTo: '+525587654321', resendAvailableAt: '2026-11-29T10:00:00.000Z' } };
    }),
  );
}

const card = () => screen.findByRole('region', { name: "Your co-parent's invitation" });

describe('/app/account/ when the co-parent’s invitation text did not reach them', () => {
  it('says so, with the number to correct, and sends the invitation again', async () => {
    const { calls } = server(NOT_DELIVERED);
    const { user } = renderAccount('/');
    const region = await card();
    expect(
      within(region).getByText('We could not reach your co-parent by text. Check the number.'),
    ).toBeVisible();
    const number = within(region).getByRole('textbox', { name: 'Phone number' });
    expect(number).toHaveValue('5512345678');
    await user.clear(number);
    await user.type(number, '5587654321');
    await user.click(within(region).getByRole('button', { name: 'Send the invitation again' }));

    expect(
      await screen.findByText('We sent the invitation again to +52 55 8765 4321.'),
    ).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      phoneCountryCode: 'MEXICO',
      phoneNumber: '5587654321',
    });
    // Read again: the text is on its way, so the card goes.
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: "Your co-parent's invitation" }),
      ).not.toBeInTheDocument(),
    );
  });

  it('checks the number with the signup’s rules first: the summary takes focus, nothing is sent', async () => {
    const { calls } = server(NOT_DELIVERED);
    const { user } = renderAccount('/');
    const region = await card();
    const number = within(region).getByRole('textbox', { name: 'Phone number' });
    await user.clear(number);
    await user.type(number, '123');
    await user.click(within(region).getByRole('button', { name: 'Send the invitation again' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link')).toHaveAttribute('href', '#phoneNumber');
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the once-a-day refusal in the error summary, and when it can be done', async () => {
    const text = 'You can send the invitation again once a day. Try again after Nov 29, 2026.';
    server(
      { ...NOT_DELIVERED, resendAvailableAt: '2026-11-29T10:00:00.000Z' },
      { status: 409, body: { validationErrors: [{ field: 'form', text, type: 'ERROR' }] } },
    );
    const { user } = renderAccount('/');
    const region = await card();
    expect(within(region).getByText(/You can send it again after Nov 29, 2026/)).toBeVisible();
    await user.click(within(region).getByRole('button', { name: 'Send the invitation again' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText(text)).toBeVisible();
  });

  it('says a number that opted out asked for no texts, and nothing when all is well', async () => {
    server({ ...NOT_DELIVERED, problem: 'OPTED_OUT' });
    renderAccount('/');
    const region = await card();
    expect(within(region).getByText(/This number asked not to receive our texts/)).toBeVisible();
  });

  it('shows no card while the text is on its way', async () => {
    server({ ...NOT_DELIVERED, problem: null });
    renderAccount('/');
    expect(await screen.findByRole('region', { name: 'Your family' })).toBeVisible();
    expect(
      screen.queryByRole('region', { name: "Your co-parent's invitation" }),
    ).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    server(NOT_DELIVERED);
    renderAccount('/');
    const region = await screen.findByRole('region', { name: 'La invitación de tu coparente' });
    expect(
      within(region).getByText(
        'No pudimos comunicarnos con tu coparente por mensaje de texto. Revisa el número.',
      ),
    ).toBeVisible();
    expect(within(region).getByRole('button', { name: 'Reenviar la invitación' })).toBeVisible();
  });
});

import type { CoParentStatus } from '@coparent/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PARENT_SESSION, parentHome } from '@/features/account/test/account-fixtures';
import { renderAccount } from '@/features/account/test/render-account';
import { i18n } from '@/lib/i18n';
import { type MockReply, mockFetch, on } from '@/test/fetch-mock';

const RESEND = '/v2/account/coparent-invitation-email';
const INVITED: CoParentStatus = {
  state: 'INVITED',
  firstName: 'Luis',
  invitedAt: '2026-05-01T14:03:00.000Z',
  joinedAt: null,
  email: 'luis@example.com',
  byText: false,
};

/** The home with the co-parent's `status`; the resend answers `answer`, or as sent. */
function server(status: CoParentStatus | null, answer?: MockReply) {
  return mockFetch(
    on('GET', '/v2/account/session', { body: PARENT_SESSION }),
    on('GET', '/v2/account/home', { body: parentHome({ coParentStatus: status }) }),
    on('POST', RESEND, () => answer ?? { body: { sentTo: 'luis@example.com' } }),
  );
}

const card = () => screen.findByRole('region', { name: 'Your co-parent' });
const resendButton = { name: 'Send the invitation again by email' };

describe('/app/account/: where the co-parent stands', () => {
  it('says they are invited, when and how, and emails the invitation again', async () => {
    const { calls } = server(INVITED);
    const { user } = renderAccount('/');
    const region = await card();
    expect(within(region).getByText('Luis is invited and has not joined yet.')).toBeVisible();
    expect(
      within(region).getByText(
        'We sent the invitation on May 1, 2026 by email to luis@example.com.',
      ),
    ).toBeVisible();
    await user.click(within(region).getByRole('button', resendButton));
    expect(
      await screen.findByText('We sent the invitation again to luis@example.com.'),
    ).toBeVisible();
    expect(
      calls.filter((call) => call.method === 'POST' && call.url.endsWith(RESEND)),
    ).toHaveLength(1);
  });

  it('shows the server’s refusal in the error summary, which takes focus', async () => {
    const text = 'A new invitation link was sent a moment ago. Try again in a few minutes.';
    server(INVITED, {
      status: 409,
      body: { validationErrors: [{ field: 'form', text, type: 'ERROR' }] },
    });
    const { user } = renderAccount('/');
    const region = await card();
    await user.click(within(region).getByRole('button', resendButton));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText(text)).toBeVisible();
    await waitFor(() => expect(summary).toHaveFocus());
  });

  it('says when they joined, with nothing to send', async () => {
    server({ ...INVITED, state: 'JOINED', joinedAt: '2026-05-03T09:00:00.000Z' });
    renderAccount('/');
    const region = await card();
    expect(within(region).getByText('Luis joined on May 3, 2026.')).toBeVisible();
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says a texted invitation did not arrive; without an email there is no email to send', async () => {
    server({ ...INVITED, state: 'NOT_REACHED', email: null, byText: true });
    renderAccount('/');
    const region = await card();
    expect(
      within(region).getByText('We could not reach Luis. Their invitation did not arrive.'),
    ).toBeVisible();
    expect(
      within(region).getByText('We sent the invitation on May 1, 2026 by text.'),
    ).toBeVisible();
    expect(within(region).queryByRole('button', resendButton)).not.toBeInTheDocument();
  });

  it('shows no card without an invitation (a professional, or the co-parent)', async () => {
    server(null);
    renderAccount('/');
    expect(await screen.findByRole('region', { name: 'Your family' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Your co-parent' })).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    server({ ...INVITED, byText: true });
    renderAccount('/');
    const region = await screen.findByRole('region', { name: 'Tu coparente' });
    expect(
      within(region).getByText(
        'Enviamos la invitación el 1 de mayo de 2026 por correo a luis@example.com y por mensaje de texto.',
      ),
    ).toBeVisible();
    expect(
      within(region).getByRole('button', { name: 'Reenviar la invitación por correo' }),
    ).toBeVisible();
  });
});

import { describe, expect, it } from 'vitest';
import { emailChangeConfirmEmail } from './email-change-confirm.js';
import { emailChangeRequestedEmail } from './email-change-requested.js';

const recipient = { firstName: 'Ana', supportPhone: '(866) 755-9991' };
const confirmUrl = 'https://join.example.test/app/account/email/confirm?token=abc';

describe('the email change emails', () => {
  it('sends the new address a link that works once, for a while', () => {
    const email = emailChangeConfirmEmail({
      ...recipient,
      locale: 'en',
      confirmUrl,
      expiresInHours: 24,
    });
    expect(email.template).toBe('email-change-confirm');
    expect(email.subject).toBe('Confirm your new CoParent Hub email address');
    expect(email.text).toContain(`Open this link to confirm it: ${confirmUrl}`);
    expect(email.text).toContain('The link works once, for 24 hours.');
    expect(email.html).toContain(`<a href="${confirmUrl}">`);
  });

  it('tells the current address a change was asked, and what to do if it was not them', () => {
    const email = emailChangeRequestedEmail({
      ...recipient,
      locale: 'es-MX',
      newEmail: 'ana.new@example.com',
      date: '10 de marzo de 2025',
    });
    expect(email.template).toBe('email-change-requested');
    expect(email.text).toContain('pidió cambiar su correo electrónico a ana.new@example.com.');
    expect(email.text).toContain('Si no fuiste tú, cambia tu contraseña ahora');
    expect(email.text).toContain('(866) 755-9991');
    expect(email.html).toContain('<html lang="es-MX">');
  });
});

import { describe, expect, it } from 'vitest';
import { professionalInvitationEmail } from './professional-invitation.js';

const params = {
  firstName: 'Elena',
  proName: 'Patricia Reyes',
  inviteUrl: 'https://join.example.com/app/join/invite?token=abc_DEF-123',
  expiresInDays: 14,
  supportPhone: '(866) 755-9991',
};

describe('professionalInvitationEmail', () => {
  it('names the professional who invited the parent, and links the invitation', () => {
    const email = professionalInvitationEmail({ ...params, locale: 'en' });
    expect(email.template).toBe('professional-invitation');
    expect(email.subject).toMatch(/^Patricia Reyes invited you to join /);
    expect(email.text).toContain('Hello Elena,');
    expect(email.text).toContain(
      'Accept your invitation here: https://join.example.com/app/join/invite?token=abc_DEF-123',
    );
    expect(email.text).toContain('This link works for 14 days.');
    expect(email.html).toContain(
      '<a href="https://join.example.com/app/join/invite?token=abc_DEF-123">',
    );
  });

  it('is written in Spanish for es-MX', () => {
    const email = professionalInvitationEmail({ ...params, locale: 'es-MX' });
    expect(email.subject).toMatch(/^Patricia Reyes te invitó a unirte a /);
    expect(email.text).toContain('Hola, Elena:');
    expect(email.text).toContain('Acepta tu invitación aquí:');
    expect(email.html).toContain('<html lang="es-MX">');
  });

  it('escapes the names in the HTML body', () => {
    const email = professionalInvitationEmail({
      ...params,
      locale: 'en',
      proName: '<i>Pat</i> & Co',
    });
    expect(email.html).toContain('&lt;i&gt;Pat&lt;/i&gt; &amp; Co');
    expect(email.html).not.toContain('<i>Pat</i>');
  });
});

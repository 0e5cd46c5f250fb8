import { describe, expect, it } from 'vitest';
import { professionalWelcomeEmail } from './professional-welcome.js';

const params = {
  firstName: 'Eva',
  lastName: 'Ruiz',
  loginUrl: 'https://join.example.com/app/account/login',
  activateUrl: 'https://join.example.com/app/account/activate?token=abc_DEF-123',
  activateExpiresInHours: 72,
  supportPhone: '(866) 755-9991',
};

describe('professionalWelcomeEmail', () => {
  it('greets by name, links the activation page then the login page, and the support phone', () => {
    const email = professionalWelcomeEmail({ ...params, locale: 'en' });
    expect(email.template).toBe('professional-welcome');
    expect(email.subject).toBe('Your professional account is ready');
    expect(email.text).toContain('Hello Eva Ruiz,');
    expect(email.text).toContain('Your professional account is ready.');
    expect(email.text).toContain(
      'First, choose your username and password here: https://join.example.com/app/account/activate?token=abc_DEF-123',
    );
    expect(email.text).toContain('This link works once, for 72 hours.');
    expect(email.text).toContain(
      'Afterwards, log in here: https://join.example.com/app/account/login',
    );
    expect(email.text.indexOf('/app/account/activate')).toBeLessThan(
      email.text.indexOf('/app/account/login'),
    );
    expect(email.text).toContain('(866) 755-9991');
    expect(email.html).toContain(
      '<a href="https://join.example.com/app/account/login">https://join.example.com/app/account/login</a>',
    );
    expect(email.html).toContain(
      '<a href="https://join.example.com/app/account/activate?token=abc_DEF-123">',
    );
    expect(email.html).toContain('<html lang="en">');
  });

  it('is written in Spanish for es-MX', () => {
    const email = professionalWelcomeEmail({ ...params, locale: 'es-MX' });
    expect(email.subject).toBe('Tu cuenta profesional está lista');
    expect(email.text).toContain('Hola, Eva Ruiz:');
    expect(email.text).toContain('Tu cuenta profesional está lista.');
    expect(email.text).toContain('al (866) 755-9991');
    expect(email.text).toContain(
      'Primero, elige tu nombre de usuario y tu contraseña aquí: https://join.example.com/app/account/activate?token=abc_DEF-123',
    );
    expect(email.text).toContain('durante 72 horas');
    expect(email.html).toContain('<html lang="es-MX">');
  });

  it('escapes names in the HTML body', () => {
    const email = professionalWelcomeEmail({
      ...params,
      locale: 'en',
      firstName: '<b>Eva</b>',
      lastName: "O'Hara & Co",
    });
    expect(email.html).toContain('&lt;b&gt;Eva&lt;/b&gt; O&#39;Hara &amp; Co');
    expect(email.html).not.toContain('<b>Eva</b>');
    expect(email.text).toContain("Hello <b>Eva</b> O'Hara & Co,");
  });
});

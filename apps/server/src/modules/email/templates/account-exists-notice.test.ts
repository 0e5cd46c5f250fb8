import { describe, expect, it } from 'vitest';
import { accountExistsNoticeEmail } from './account-exists-notice.js';

const params = {
  firstName: 'Olga',
  date: 'March 10, 2025',
  loginUrl: 'https://join.example.com/app/account/login',
  recoverUrl: 'https://join.example.com/app/account/recover',
  supportPhone: '(866) 755-9991',
};

describe('accountExistsNoticeEmail', () => {
  it('tells the owner someone tried to sign up with their address, with login and reset links', () => {
    const email = accountExistsNoticeEmail({ ...params, locale: 'en', reason: 'SIGNUP' });
    expect(email.template).toBe('account-exists-notice');
    expect(email.subject).toBe('Someone used your email address on CoParent Hub');
    expect(email.text).toContain('Hello Olga,');
    expect(email.text).toContain(
      'Someone tried to create a CoParent Hub account with your email address on March 10, 2025.',
    );
    expect(email.text).toContain('If it was you, log in or reset your password:');
    expect(email.text).toContain('Log in: https://join.example.com/app/account/login');
    expect(email.text).toContain(
      'Reset your password: https://join.example.com/app/account/recover',
    );
    expect(email.text).toContain('If not, you can ignore this email — your account is safe.');
    expect(email.text).toContain('(866) 755-9991');
    expect(email.text).not.toContain('co-parent');
    expect(email.html).toContain(
      '<a href="https://join.example.com/app/account/recover">https://join.example.com/app/account/recover</a>',
    );
    expect(email.html).toContain('<html lang="en">');
  });

  it('says the address was entered as a co-parent’s for the co-parent warning', () => {
    const email = accountExistsNoticeEmail({ ...params, locale: 'en', reason: 'COPARENT' });
    expect(email.text).toContain(
      "On March 10, 2025, someone signing up for CoParent Hub entered your email address as their co-parent's.",
    );
    expect(email.text).toContain('it will come in a separate email');
    expect(email.text).toContain('your account is safe');
    expect(email.text).not.toContain('tried to create');
  });

  it('is written in Spanish for es-MX', () => {
    const email = accountExistsNoticeEmail({
      ...params,
      date: '10 de marzo de 2025',
      locale: 'es-MX',
      reason: 'SIGNUP',
    });
    expect(email.subject).toBe('Alguien usó tu correo electrónico en CoParent Hub');
    expect(email.text).toContain('Hola, Olga:');
    expect(email.text).toContain(
      'Alguien intentó crear una cuenta de CoParent Hub con tu correo electrónico el 10 de marzo de 2025.',
    );
    expect(email.text).toContain('Si fuiste tú, inicia sesión o restablece tu contraseña:');
    expect(email.text).toContain('Si no, puedes ignorar este correo: tu cuenta está segura.');
    expect(email.html).toContain('<html lang="es-MX">');

    const coParent = accountExistsNoticeEmail({
      ...params,
      date: '10 de marzo de 2025',
      locale: 'es-MX',
      reason: 'COPARENT',
    });
    expect(coParent.text).toContain('como el de su coparente');
  });

  it('escapes the owner’s name in the HTML body', () => {
    const email = accountExistsNoticeEmail({
      ...params,
      locale: 'en',
      reason: 'SIGNUP',
      firstName: '<b>Olga</b> & Co',
    });
    expect(email.html).toContain('Hello &lt;b&gt;Olga&lt;/b&gt; &amp; Co,');
    expect(email.html).not.toContain('<b>Olga</b>');
  });
});

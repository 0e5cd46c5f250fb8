import { describe, expect, it } from 'vitest';
import { emailChangedNoticeEmail } from './email-changed-notice.js';

const params = {
  firstName: 'Ana',
  newEmail: 'ana.new@example.com',
  date: 'March 10, 2025',
  supportPhone: '(866) 755-9991',
};

describe('emailChangedNoticeEmail', () => {
  it('tells the old address what the email became and what to do if it was not them', () => {
    const email = emailChangedNoticeEmail({ ...params, locale: 'en' });
    expect(email.template).toBe('email-changed-notice');
    expect(email.subject).toBe('Your CoParent Hub email address was changed');
    expect(email.text).toContain('Hello Ana,');
    expect(email.text).toContain(
      'On March 10, 2025, the email address of your CoParent Hub account was changed to ana.new@example.com.',
    );
    expect(email.text).toContain(
      'If this was not you, contact our support team right away at (866) 755-9991',
    );
    expect(email.html).toContain('<html lang="en">');
  });

  it('speaks Spanish and escapes what it quotes in the HTML', () => {
    const email = emailChangedNoticeEmail({
      ...params,
      locale: 'es-MX',
      firstName: 'Ana <b>',
    });
    expect(email.subject).toBe('Se cambió el correo electrónico de tu cuenta de CoParent Hub');
    expect(email.text).toContain('Hola, Ana <b>:');
    expect(email.text).toContain('se cambió a ana.new@example.com.');
    expect(email.html).toContain('Ana &lt;b&gt;');
    expect(email.html).not.toContain('Ana <b>');
  });
});

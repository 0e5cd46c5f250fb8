import { describe, expect, it } from 'vitest';
import { serverI18n } from './server-i18n';

describe('serverI18n', () => {
  it('has the English texts of the pages whose routes add their own (the invite credentials)', () => {
    // In the browser these load with the route; a server render has no route to wait for.
    const en = serverI18n('en');
    expect(en.t('inviteCredentials.paidIntro')).toBe('Your subscription is already paid for.');
    expect(en.t('credentials.title')).toBe('Almost there...');
    expect(serverI18n('es-MX').t('inviteCredentials.paidIntro')).toBe(
      'Tu suscripción ya está pagada.',
    );
  });
});

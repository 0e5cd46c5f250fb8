import { describe, expect, it } from 'vitest';
import { hashSecret, verifySecret } from './hash.js';

describe('hashSecret / verifySecret', () => {
  it('hashes with argon2id and the OWASP parameters (m=19456 KiB, t=2, p=1)', async () => {
    const hash = await hashSecret('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(hash).not.toContain('correct horse');
  });

  it('salts every hash', async () => {
    expect(await hashSecret('1234')).not.toBe(await hashSecret('1234'));
  });

  it('verifies the secret and refuses anything else', async () => {
    const hash = await hashSecret('1234');
    expect(await verifySecret(hash, '1234')).toBe(true);
    expect(await verifySecret(hash, '1235')).toBe(false);
    expect(await verifySecret(hash, '')).toBe(false);
  });

  it('treats a malformed stored hash as a mismatch', async () => {
    expect(await verifySecret('not-a-hash', '1234')).toBe(false);
    expect(await verifySecret('', '1234')).toBe(false);
  });
});

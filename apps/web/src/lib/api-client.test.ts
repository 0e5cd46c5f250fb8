import { describe, expect, it } from 'vitest';
import { mockFetch, on } from '../test/fetch-mock';
import { ApiError, apiRequest, retryAfterSecondsOf } from './api-client';
import { i18n } from './i18n';

describe('apiRequest', () => {
  it('sends JSON with the language headers and the registration key', async () => {
    await i18n.changeLanguage('es-MX');
    const { calls } = mockFetch(on('POST', '/v2/things', { status: 201, body: { ok: true } }));
    const answer = await apiRequest('/v2/things', {
      method: 'POST',
      body: { a: 1 },
      registrationKey: 'k',
    });
    expect(answer).toEqual({ ok: true });
    expect(calls[0]?.headers).toMatchObject({
      language: 'es-MX',
      'accept-language': 'es-MX',
      'content-type': 'application/json',
      'x-registration-key': 'k',
    });
    expect(calls[0]?.body).toEqual({ a: 1 });
  });

  it('turns validation answers into an ApiError with field errors', async () => {
    mockFetch(
      on('POST', '/v2/things', {
        status: 422,
        body: { validationErrors: [{ field: 'parent.email', text: 'Invalid email address' }] },
      }),
    );
    const error = await apiRequest('/v2/things', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION',
      fieldErrors: [{ field: 'parent.email', text: 'Invalid email address' }],
    });
  });

  it('turns problem answers into an ApiError with their code', async () => {
    mockFetch(
      on('GET', '/v2/things', {
        status: 409,
        body: { code: 'SECTION_OUT_OF_ORDER', title: 'Out of order' },
      }),
    );
    await expect(apiRequest('/v2/things')).rejects.toMatchObject({
      status: 409,
      code: 'SECTION_OUT_OF_ORDER',
      message: 'Out of order',
      fieldErrors: [],
    });
  });

  it('reports a network failure as status 0', async () => {
    mockFetch();
    await expect(apiRequest('/v2/things')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });
});

describe('Retry-After', () => {
  it("keeps a 429's wait on the error, in seconds", async () => {
    mockFetch(
      on('POST', '/v2/things', {
        status: 429,
        body: { type: 'about:blank', title: 'Too many', status: 429, code: 'RATE_LIMITED' },
        headers: { 'Retry-After': '42' },
      }),
    );
    const error = await apiRequest('/v2/things', { method: 'POST', body: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 42 });
  });

  it('reads seconds or an HTTP date, and nothing else', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    expect(retryAfterSecondsOf('120', now)).toBe(120);
    expect(retryAfterSecondsOf('Sun, 29 Nov 2026 10:01:30 GMT', now)).toBe(90);
    expect(retryAfterSecondsOf('Sun, 29 Nov 2026 09:59:00 GMT', now)).toBe(0);
    expect(retryAfterSecondsOf('soon', now)).toBeUndefined();
    expect(retryAfterSecondsOf(null, now)).toBeUndefined();
  });
});

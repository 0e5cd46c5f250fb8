import { afterEach, describe, expect, it, vi } from 'vitest';
import { affiliatePixelBaseUrl, affiliatePixelSrc } from './affiliate-pixel';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('affiliate pixel', () => {
  it('is off unless VITE_AFFILIATE_PIXEL_URL is an https address', () => {
    expect(affiliatePixelBaseUrl()).toBeUndefined();
    vi.stubEnv('VITE_AFFILIATE_PIXEL_URL', 'http://track.example.com/p.gif');
    expect(affiliatePixelBaseUrl()).toBeUndefined();
    vi.stubEnv('VITE_AFFILIATE_PIXEL_URL', 'https://track.example.com/p.gif');
    expect(affiliatePixelBaseUrl()).toBe('https://track.example.com/p.gif');
  });

  it('carries the transaction id and the amount as a decimal', () => {
    expect(affiliatePixelSrc('https://track.example.com/p.gif?a=1', 'txn 1', 15936, 'USD')).toBe(
      'https://track.example.com/p.gif?a=1&transactionId=txn+1&amount=159.36',
    );
  });
});

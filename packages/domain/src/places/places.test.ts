import { describe, expect, it } from 'vitest';
import { PlacesSuggestionsQuerySchema, regionFromArea } from './places.js';

describe('regionFromArea', () => {
  it('takes the code of a state, province or Australian state', () => {
    expect(regionFromArea('US', { shortText: 'CA', longText: 'California' })).toBe('CA');
    expect(regionFromArea('CA', { shortText: 'ON', longText: 'Ontario' })).toBe('ON');
    expect(regionFromArea('AU', { shortText: 'NSW', longText: 'New South Wales' })).toBe('NSW');
  });

  it('finds a UK nation by its name', () => {
    expect(regionFromArea('GB', { shortText: 'England', longText: 'England' })).toBe('ENG');
    expect(regionFromArea('GB', { shortText: 'Scotland', longText: 'Scotland' })).toBe('SCT');
  });

  it('leaves the region empty when nothing matches a listed country', () => {
    expect(regionFromArea('US', { shortText: 'ZZ', longText: 'Nowhere' })).toBe('');
  });

  it('keeps the name for a country without a region list', () => {
    expect(regionFromArea('NZ', { shortText: 'Auckland', longText: 'Auckland' })).toBe('Auckland');
  });
});

describe('PlacesSuggestionsQuerySchema', () => {
  const query = { input: '1600 Amph', sessionToken: 'a1b2c3d4-0000-4000-8000-123456789abc' };

  it('accepts the five countries in any case', () => {
    expect(PlacesSuggestionsQuerySchema.parse({ ...query, country: 'GB' }).country).toBe('gb');
  });

  it('refuses another country with the places message', () => {
    const result = PlacesSuggestionsQuerySchema.safeParse({ ...query, country: 'MX' });
    expect(result.error?.issues[0]?.message).toBe('places_country_error');
  });

  it('refuses an input shorter than three characters', () => {
    expect(
      PlacesSuggestionsQuerySchema.safeParse({ ...query, country: 'us', input: ' 16 ' }).success,
    ).toBe(false);
  });
});

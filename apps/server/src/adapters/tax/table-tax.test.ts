import { describe, expect, it } from 'vitest';
import { createTableTaxCalculator, TAX_TABLE_VERSION, tableTaxQuote } from './table-tax.js';

const rates = (country: string, region?: string) =>
  tableTaxQuote({ country, region }).rates.map((r) => [r.kind, r.ratePpm]);

describe('table tax port', () => {
  it('includes VAT in GB and IE, GST in AU and NZ', () => {
    expect(tableTaxQuote({ country: 'GB' })).toEqual({
      taxId: `${TAX_TABLE_VERSION}:GB`,
      pricesIncludeTax: true,
      calculated: true,
      rates: [{ kind: 'VAT', ratePpm: 200_000, jurisdiction: 'GB' }],
    });
    expect(rates('IE')).toEqual([['VAT', 230_000]]);
    expect(rates('AU')).toEqual([['GST', 100_000]]);
    expect(rates('nz')).toEqual([['GST', 150_000]]);
  });

  it('adds IVA 16% in Mexico', () => {
    expect(tableTaxQuote({ country: 'MX' })).toMatchObject({
      pricesIncludeTax: false,
      calculated: true,
      rates: [{ kind: 'IVA', ratePpm: 160_000 }],
    });
  });

  it('adds Canadian GST, HST, PST and QST by province', () => {
    expect(rates('CA', 'ON')).toEqual([['HST', 130_000]]);
    expect(rates('CA', 'QC')).toEqual([
      ['GST', 50_000],
      ['QST', 99_750],
    ]);
    expect(rates('CA', 'BC')).toEqual([
      ['GST', 50_000],
      ['PST', 70_000],
    ]);
    expect(rates('CA', 'AB')).toEqual([['GST', 50_000]]);
    expect(rates('CA', 'NS')).toEqual([['HST', 140_000]]);
    expect(tableTaxQuote({ country: 'CA', region: 'QC' }).taxId).toBe(`${TAX_TABLE_VERSION}:CA-QC`);
  });

  it('adds US sales tax in the listed states and nothing elsewhere', () => {
    expect(rates('US', 'TX')).toEqual([['SALES_TAX', 62_500]]);
    expect(rates('US', 'WA')).toEqual([['SALES_TAX', 65_000]]);
    expect(tableTaxQuote({ country: 'US', region: 'CA' })).toMatchObject({
      calculated: true,
      rates: [],
      taxId: `${TAX_TABLE_VERSION}:US-CA`,
    });
  });

  it('is not calculated without the region in the US and Canada, or without a country', () => {
    for (const destination of [
      { country: 'US' },
      { country: 'CA', region: '' },
      { country: null },
    ]) {
      expect(tableTaxQuote(destination)).toEqual({
        taxId: null,
        pricesIncludeTax: false,
        calculated: false,
        rates: [],
      });
    }
  });

  it('collects nothing in other countries', () => {
    expect(tableTaxQuote({ country: 'FR' })).toMatchObject({ calculated: true, rates: [] });
  });

  it('answers through the port', async () => {
    const port = createTableTaxCalculator();
    expect(port.kind).toBe('table');
    expect((await port.quote({ country: 'GB' })).rates).toHaveLength(1);
  });
});

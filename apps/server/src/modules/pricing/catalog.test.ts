import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { includedTaxOf, parsePackageCode, VAT_WORDING_PACKAGE_IDS } from '@coparent/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { tableTaxQuote } from '../../adapters/tax/table-tax.js';
import { catalogPackages, subscriptionCodes } from '../../db/schema.js';
import { BACKENDS, testConfig, useTestDatabase } from '../../test/test-app.js';
import { CatalogError, loadCatalogFiles, packagesFor, termSibling } from './catalog.js';
import { readCatalog } from './repo.js';
import { seedCatalog } from './seed.js';

const CATALOG_DIR = testConfig().catalog.dir;

describe('the demo catalog (apps/server/catalog)', () => {
  const files = loadCatalogFiles(CATALOG_DIR);
  const catalog = { packages: files.packages, rules: files.pricingGroups };

  it('loads and passes every cross-file check', () => {
    expect(files.packages.length).toBeGreaterThanOrEqual(15);
    expect(files.pricingGroups.defaultGroup).toBe('P0');
  });

  it('has P0 (one original package), and P2 and P3 with Essentials, Premium and BYO in both terms', () => {
    expect(files.packages.filter((p) => p.pricingGroup === 'P0').map((p) => p.code)).toEqual([
      'STD1',
    ]);
    for (const [group, country] of [
      ['P3', 'US'],
      ['P2', 'CA'],
    ] as const) {
      expect(packagesFor(catalog, group, country).map((p) => p.code)).toEqual([
        'ESS1',
        'ESS2',
        'PREM1',
        'PREM2',
        'BYO1',
        'BYO2',
      ]);
    }
  });

  it('recommends Premium in each group that sells it, with what each package includes in both languages', () => {
    const { packages } = loadCatalogFiles(CATALOG_DIR);
    expect(packages.filter((p) => p.recommended).map((p) => p.code)).toEqual(
      packages.filter((p) => p.code.startsWith('PREM')).map((p) => p.code),
    );
    for (const pkg of packages) {
      expect(pkg.features.en.length).toBeGreaterThan(0);
      expect(pkg.features['es-MX']).toHaveLength(pkg.features.en.length);
    }
  });

  it('gives 2061 and 2063 (the GB packages) VAT wording, and no other package', () => {
    const vat = files.packages.filter((p) => p.taxWording === 'VAT').map((p) => p.id);
    expect(vat).toEqual([...VAT_WORDING_PACKAGE_IDS]);
    expect(
      files.packages.filter((p) => vat.includes(p.id)).every((p) => p.countries.join() === 'GB'),
    ).toBe(true);
  });

  it('prices every package in integer minor units, with codes that match their terms', () => {
    for (const pkg of files.packages) {
      expect(parsePackageCode(pkg.code)?.years, pkg.code).toBe(pkg.subDurationInYears);
      for (const amount of Object.values(pkg.prices)) expect(Number.isInteger(amount)).toBe(true);
    }
  });

  it('makes P3 the cheaper two-year deal than P2 (relative to its one-year price)', () => {
    const ratio = (group: 'P2' | 'P3', country: string, code: string, currency: 'USD' | 'CAD') => {
      const list = packagesFor(catalog, group, country);
      const one = list.find((p) => p.code === `${code}1`)?.prices[currency] ?? 0;
      const two = list.find((p) => p.code === `${code}2`)?.prices[currency] ?? 0;
      return two / one;
    };
    expect(ratio('P3', 'US', 'PREM', 'USD')).toBeLessThan(ratio('P2', 'CA', 'PREM', 'CAD'));
    expect(ratio('P3', 'US', 'ESS', 'USD')).toBeLessThan(ratio('P2', 'CA', 'ESS', 'CAD'));
  });

  it('pairs every build-your-own package with its other term, MYFILES and CALLSBASIC free in the treatment', () => {
    for (const pkg of files.packages.filter((p) => p.buildYourOwn)) {
      expect(termSibling(catalog, pkg, pkg.subDurationInYears === 1 ? 2 : 1)).toBeDefined();
      expect(pkg.options.filter((o) => o.freeInTreatment).map((o) => o.code)).toEqual([
        'MYFILES',
        'CALLSBASIC',
      ]);
    }
  });

  it('shows a VAT part on the GB packages that exactly doubles for two subscriptions', () => {
    const gb = tableTaxQuote({ country: 'GB' });
    expect(includedTaxOf(11_999, gb)).toBe(2_000);
    expect(includedTaxOf(19_999, gb)).toBe(3_333);
  });
});

describe('loadCatalogFiles refuses a bad catalog', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  function withPackages(edit: (packages: Record<string, unknown>[]) => void): string {
    dir = mkdtempSync(join(tmpdir(), 'catalog-'));
    cpSync(CATALOG_DIR, dir, { recursive: true });
    const path = join(dir, 'packages.json');
    const json = JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, unknown>[] };
    edit(json.packages);
    writeFileSync(path, JSON.stringify(json));
    return dir;
  }

  it.each([
    [
      'a price that is not minor units',
      (p: Record<string, unknown>[]) => Object.assign(p[0] ?? {}, { prices: { USD: 99.99 } }),
    ],
    [
      'a negative price',
      (p: Record<string, unknown>[]) => Object.assign(p[0] ?? {}, { prices: { USD: -1 } }),
    ],
    [
      'an unknown currency',
      (p: Record<string, unknown>[]) => Object.assign(p[0] ?? {}, { prices: { XYZ: 100 } }),
    ],
    [
      'a code that contradicts the term',
      (p: Record<string, unknown>[]) => Object.assign(p[0] ?? {}, { code: 'STD2' }),
    ],
    ['a duplicate id', (p: Record<string, unknown>[]) => p.push({ ...p[0] })],
    [
      '2061 without VAT wording',
      (p: Record<string, unknown>[]) => {
        const gb = p.find((x) => x.id === 2061);
        if (gb) gb.taxWording = 'TAX';
      },
    ],
    [
      'two recommended families in one group',
      (p: Record<string, unknown>[]) => {
        const essentials = p.find((x) => x.id === 3001);
        if (essentials) essentials.recommended = true;
      },
    ],
    [
      'features in one language only',
      (p: Record<string, unknown>[]) => {
        const premium = p.find((x) => x.id === 3003);
        if (premium) premium.features = { en: ['Calls'], 'es-MX': [] };
      },
    ],
    [
      'a group left without packages for a country',
      (p: Record<string, unknown>[]) => {
        for (const x of p) if (x.pricingGroup === 'P3') x.countries = ['CA'];
      },
    ],
  ])('refuses %s', (_name, edit) => {
    expect(() => loadCatalogFiles(withPackages(edit))).toThrow(CatalogError);
  });
});

describe.each(BACKENDS)('seeding the catalog on %s', (backend) => {
  const ctx = useTestDatabase(backend);

  it('is idempotent and reads back what the files say', async () => {
    const files = await seedCatalog(ctx.database.db, CATALOG_DIR);
    const catalog = await readCatalog(ctx.database.db);
    expect(catalog.rules).toEqual(files.pricingGroups);
    expect(catalog.packages).toEqual([...files.packages].sort((a, b) => a.id - b.id));
  });

  it('deactivates a package that left the files, and never un-redeems a code', async () => {
    const db = ctx.database.db;
    await db
      .update(subscriptionCodes)
      .set({ redeemedAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(subscriptionCodes.code, 'PRO-ESS1-DEMO1'));
    const dir = mkdtempSync(join(tmpdir(), 'catalog-'));
    try {
      cpSync(CATALOG_DIR, dir, { recursive: true });
      const path = join(dir, 'packages.json');
      const json = JSON.parse(readFileSync(path, 'utf8')) as { packages: { id: number }[] };
      json.packages = json.packages.filter((p) => p.id !== 3002);
      writeFileSync(path, JSON.stringify(json));
      await seedCatalog(db, dir);
      const [row] = await db.select().from(catalogPackages).where(eq(catalogPackages.id, 3002));
      expect(row?.active).toBe(false);
      const [code] = await db
        .select()
        .from(subscriptionCodes)
        .where(eq(subscriptionCodes.code, 'PRO-ESS1-DEMO1'));
      expect(code?.redeemedAt).toEqual(new Date('2026-01-01T00:00:00Z'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await seedCatalog(db, CATALOG_DIR);
    }
    const [back] = await db.select().from(catalogPackages).where(eq(catalogPackages.id, 3002));
    expect(back?.active).toBe(true);
  });
});

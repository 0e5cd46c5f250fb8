/** A package code: letters and a number where 2 means two years (ESS1, PREM2, BYO1). */
export const PACKAGE_CODE_PATTERN = /^[A-Z]+[0-9]+$/;

export type PackageCode = { letters: string; number: number; years: 1 | 2 };

/** 'PREM2' → { letters: 'PREM', number: 2, years: 2 }; anything that is not a code → null. */
export function parsePackageCode(code: string): PackageCode | null {
  const match = /^([A-Z]+)([0-9]+)$/.exec(code.trim().toUpperCase());
  if (!match) return null;
  const number = Number(match[2]);
  return { letters: match[1] ?? '', number, years: number === 2 ? 2 : 1 };
}

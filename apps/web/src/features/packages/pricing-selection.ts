import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

// The pricing-page selection ("a pricing-page selection is kept in browser storage"):
// /pricing stores the chosen package in localStorage, so it survives the visitor opening the
// signup in another tab or coming back later; /step3 auto-selects it once, then forgets it.

export const PRICING_SELECTION_STORAGE_KEY = 'coparent.pricingSelection';
/** Set for the tab when /step3 reloaded after a failed auto-selection (one reload, never a loop). */
export const BYPASS_RELOAD_STORAGE_KEY = 'coparent.pricingBypassReloaded';
/** A selection older than this is stale and ignored. */
const PRICING_SELECTION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

type PricingSelection = {
  packageId: number;
  /** The country chosen on the pricing page (null: another country). */
  country: string | null;
  savedAt: string;
};

export function savePricingSelection(
  selection: Omit<PricingSelection, 'savedAt'>,
  now: Date = new Date(),
): void {
  const value: PricingSelection = { ...selection, savedAt: now.toISOString() };
  writeStorage('local', PRICING_SELECTION_STORAGE_KEY, JSON.stringify(value));
}

/** The stored selection, or null when there is none, it is malformed, or it is stale. */
export function readPricingSelection(now: number = Date.now()): PricingSelection | null {
  const raw = readStorage('local', PRICING_SELECTION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { packageId, country, savedAt } = parsed as Record<string, unknown>;
    if (typeof packageId !== 'number' || !Number.isSafeInteger(packageId) || packageId <= 0) {
      return null;
    }
    const time = typeof savedAt === 'string' ? Date.parse(savedAt) : Number.NaN;
    if (!Number.isFinite(time) || now - time > PRICING_SELECTION_MAX_AGE_MS) return null;
    return {
      packageId,
      country: typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? country : null,
      savedAt: savedAt as string,
    };
  } catch {
    return null;
  }
}

export function clearPricingSelection(): void {
  removeStorage('local', PRICING_SELECTION_STORAGE_KEY);
}

export function hasReloadedForBypass(): boolean {
  return readStorage('session', BYPASS_RELOAD_STORAGE_KEY) === '1';
}

export function markReloadedForBypass(): void {
  writeStorage('session', BYPASS_RELOAD_STORAGE_KEY, '1');
}

export function clearBypassReloadMarker(): void {
  removeStorage('session', BYPASS_RELOAD_STORAGE_KEY);
}

/** Page actions that tests replace (jsdom cannot reload). */
export const pageActions = {
  reload: (): void => window.location.reload(),
};

import { z } from 'zod';
import { CURRENCIES, MAX_MINOR_UNITS } from './money.js';

// Apart from money.ts, so a screen that formats an amount does not load zod with it.

export const CurrencyCodeSchema = z.enum(CURRENCIES);

/** An amount in minor units: a non-negative safe integer. */
export const MinorUnitsSchema = z.number().int().min(0).max(MAX_MINOR_UNITS);

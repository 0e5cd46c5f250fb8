import { z } from 'zod';
import { errorKey } from './fields.js';

/** null, undefined and blank strings all mean "not given" in request bodies. */
export function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

/** `schema` for a text a request body may send as null (or leave out) to mean blank (''). */
export const nullAsBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : v), schema);

/** `schema` for a field that may be left out: null and blank strings count as left out. */
export const optionalInput = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

/** A free text of at most `max` characters (trimmed) that may be left out. */
export const optionalText = (max: number) =>
  optionalInput(z.string(errorKey('invalidValue')).trim().max(max, errorKey('invalidValue')));

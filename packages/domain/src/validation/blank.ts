import { z } from 'zod';
import type { MessageKey } from '../messages/en.js';
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

/**
 * A text that must be given (`emptyKey`) and may not be longer than `max` (`tooLongKey`), taken
 * as typed (a password, a token: not trimmed).
 */
export const requiredText = (
  max: number,
  emptyKey: MessageKey,
  tooLongKey: MessageKey = emptyKey,
) => z.string(errorKey(emptyKey)).min(1, errorKey(emptyKey)).max(max, errorKey(tooLongKey));

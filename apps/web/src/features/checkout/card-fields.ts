import {
  type CardFields,
  type CardType,
  cardFieldProblems,
  cardTypeOf,
  type MessageKey,
} from '@coparent/domain';

export type CardField = 'number' | 'expirationDate' | 'cvv';
/** A field's problem: a message key, a refused brand (`text`), or the server's own words. */
export type CardFieldErrors = Partial<
  Record<CardField, { key?: MessageKey; text?: string; message?: string }>
>;

export const EMPTY_CARD: CardFields = { number: '', expirationDate: '', cvv: '' };

/**
 * The card form's problems: the domain's three rules (the spec's three messages), and a brand the
 * restriction flags refuse (hide-amex, hide-discover).
 */
export function cardProblems(
  fields: CardFields,
  refused: readonly CardType[],
  now: Date = new Date(),
): CardFieldErrors {
  const errors: CardFieldErrors = {};
  for (const problem of cardFieldProblems(fields, now))
    errors[problem.field] = { key: problem.key };
  const type = cardTypeOf(fields.number);
  if (!errors.number && type && refused.includes(type)) errors.number = { text: type };
  return errors;
}

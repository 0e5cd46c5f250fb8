import {
  type CardFields,
  type CardType,
  cardTypeOf,
  cvvLengthFor,
  formatCardNumber,
  formatExpirationDate,
} from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/text-field';
import type { CardField, CardFieldErrors } from '../card-fields';
import { CardBrand } from './card-brand';
import styles from './checkout.module.css';

type SandboxCardFormProps = {
  fields: CardFields;
  onChange: (fields: CardFields) => void;
  /** Problems to show (a field shows its problem once it was left, or after Review Order). */
  errors: CardFieldErrors;
  visible: ReadonlySet<CardField>;
  onBlur: (field: CardField) => void;
  refusedCardTypes: readonly CardType[];
  isDisabled?: boolean;
};

/**
 * The local sandbox's card form: our own accessible fields (number, expiry MM/YY, security code)
 * in place of Braintree's hosted fields, which behave like them: the number grouped as its brand
 * prints it, the brand's mark beside it, the expiry's slash added as it is typed, the security
 * code as long as its brand's. The values stay in this component's state: they are never
 * stored, and leave the browser only to the sandbox's tokenisation endpoint (or, in a form posted
 * without a script, to the server, which tokenises them at once and keeps only the nonce).
 */
export function SandboxCardForm({
  fields,
  onChange,
  errors,
  visible,
  onBlur,
  refusedCardTypes,
  isDisabled = false,
}: SandboxCardFormProps) {
  const { t } = useTranslation();
  const brand = cardTypeOf(fields.number);
  const errorFor = (field: CardField): string | undefined => {
    const error = visible.has(field) ? errors[field] : undefined;
    if (!error) return undefined;
    if (error.message) return error.message;
    if (error.key) return t(error.key, { ns: 'validation' });
    return t('checkout.card.brandRefused', { brand: error.text });
  };
  const set = (field: CardField, value: string) => onChange({ ...fields, [field]: value });
  // Until the brand is known, a security code of 4 digits may be one (American Express).
  const cvvLength = brand ? cvvLengthFor(brand) : 4;
  const refused = refusedCardTypes.join(', ');
  return (
    <fieldset className={styles.cardForm} disabled={isDisabled}>
      <legend className={styles.legend}>{t('checkout.card.legend')}</legend>
      <p className={styles.sandboxNote}>{t('checkout.card.sandboxNote')}</p>
      <TextField
        id="card-number"
        label={t('checkout.card.number')}
        hint={
          refused
            ? t('checkout.card.numberHintRefused', { brands: refused })
            : t('checkout.card.numberHint')
        }
        inputMode="numeric"
        autoComplete="cc-number"
        spellCheck={false}
        maxLength={23}
        fieldWidth="medium"
        name="number"
        value={fields.number}
        error={errorFor('number')}
        onChange={(event) => set('number', formatCardNumber(event.target.value))}
        onBlur={() => onBlur('number')}
      />
      {brand ? <CardBrand brand={brand} /> : null}
      <div className={styles.cardRow}>
        <TextField
          id="card-expirationDate"
          label={t('checkout.card.expiry')}
          hint={t('checkout.card.expiryHint')}
          inputMode="numeric"
          autoComplete="cc-exp"
          spellCheck={false}
          maxLength={9}
          fieldWidth="short"
          name="expirationDate"
          value={fields.expirationDate}
          error={errorFor('expirationDate')}
          onChange={(event) => set('expirationDate', formatExpirationDate(event.target.value))}
          onBlur={() => onBlur('expirationDate')}
        />
        <TextField
          id="card-cvv"
          label={t('checkout.card.cvv')}
          hint={t('checkout.card.cvvHint', { count: cvvLengthFor(brand) })}
          inputMode="numeric"
          autoComplete="cc-csc"
          spellCheck={false}
          maxLength={cvvLength}
          fieldWidth="short"
          name="cvv"
          value={fields.cvv}
          error={errorFor('cvv')}
          onChange={(event) =>
            set('cvv', event.target.value.replace(/\D/g, '').slice(0, cvvLength))
          }
          onBlur={() => onBlur('cvv')}
        />
      </div>
    </fieldset>
  );
}

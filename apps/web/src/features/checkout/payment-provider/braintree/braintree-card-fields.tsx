import { type CardType, cvvLengthFor, type MessageKey } from '@coparent/domain';
import type { HostedFields, HostedFieldsEvent } from 'braintree-web/hosted-fields';
import { type FocusEvent, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary } from '@/components/error-summary';
import fieldStyles from '@/components/field.module.css';
import { describedBy, FieldError, FieldHint } from '@/components/field-message';
import { Spinner } from '@/components/spinner';
import type { CardField } from '@/features/checkout/card-fields';
import { useCheckoutStore } from '@/features/checkout/checkout-store';
import { CardBrand } from '@/features/checkout/components/card-brand';
import checkoutStyles from '@/features/checkout/components/checkout.module.css';
import { CheckoutProblem } from '@/features/checkout/components/checkout-problem';
import type { CardFormProps } from '../payment-provider';
import styles from './braintree.module.css';
import { type BraintreeSession, invalidFieldsOf, supportedCardBrands } from './braintree-sdk';

const FIELDS: readonly CardField[] = ['number', 'expirationDate', 'cvv'];

/** The containers' ids: the labels point at them, the error summary links to them. */
const CARD_FIELD_IDS: Record<CardField, string> = {
  number: 'card-number',
  expirationDate: 'card-expirationDate',
  cvv: 'card-cvv',
};

/** The spec's three messages, from the domain's keys. */
const MESSAGE_KEYS: Record<CardField, MessageKey> = {
  number: 'payment_cardNumber_error',
  expirationDate: 'payment_expirationDate_error',
  cvv: 'payment_securityCode_error',
};

/** Hosted fields' card type ids as the domain's brand names. */
const CARD_TYPES_BY_ID: Record<string, CardType> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  'american-express': 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
};

/**
 * What hosted fields' iframes draw inside. They cannot read the page's CSS, so the current look's
 * tokens are read from the document when the fields are mounted.
 */
function hostedFieldStyles(): Record<string, Record<string, string>> {
  const tokens = getComputedStyle(document.documentElement);
  // On one line: a font stack may span lines in tokens.css.
  const token = (name: string) => tokens.getPropertyValue(name).replace(/\s+/g, ' ').trim();
  const text = token('--color-text');
  return {
    input: { 'font-size': '17px', 'font-family': token('--font-body'), color: text },
    ':focus': { color: text },
    '.invalid': { color: token('--color-error') },
    '.valid': { color: text },
  };
}

type FieldState = { isValid: boolean; isEmpty: boolean };
const EMPTY_FIELDS: Record<CardField, FieldState> = {
  number: { isValid: false, isEmpty: true },
  expirationDate: { isValid: false, isEmpty: true },
  cvv: { isValid: false, isEmpty: true },
};

function isCardField(value: string): value is CardField {
  return (FIELDS as readonly string[]).includes(value);
}

type BraintreeCardFieldsProps = CardFormProps & { session: BraintreeSession };

/**
 * The card form with Braintree's hosted fields: each input lives in Braintree's iframe (the card
 * never touches our page), in a labelled container of ours; the spec's messages show beside the
 * fields once left, and in an error summary when tokenising refuses them. Tab order is the DOM's:
 * number, expiry, security code.
 */
export function BraintreeCardFields({
  ref,
  session,
  refusedCardTypes,
  onValidityChange,
  isDisabled,
}: BraintreeCardFieldsProps) {
  const { t } = useTranslation();
  const country = useCheckoutStore((s) => s.billing?.country);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [fields, setFields] = useState(EMPTY_FIELDS);
  const [shown, setShown] = useState<ReadonlySet<CardField>>(new Set());
  const [cardTypeId, setCardTypeId] = useState<string | null>(null);
  const [summaryKey, setSummaryKey] = useState(0);
  const instance = useRef<HostedFields | null>(null);
  // A remount (React's strict mode, a new restriction) waits for the previous teardown.
  const previous = useRef<Promise<unknown>>(Promise.resolve());
  const refusedKey = refusedCardTypes.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: mounted once per session and brands
  useEffect(() => {
    let active = true;
    const labels = {
      number: t('checkout.card.number'),
      expirationDate: t('checkout.card.expiry'),
      cvv: t('checkout.card.cvv'),
    };
    const field = (name: CardField) => ({
      container: `#${CARD_FIELD_IDS[name]}`,
      internalLabel: labels[name],
      iframeTitle: t('braintree.frameTitle', { field: labels[name] }),
    });
    const mounting = previous.current.then(() =>
      active
        ? session.mountCardFields({
            fields: {
              number: {
                ...field('number'),
                supportedCardBrands: supportedCardBrands(refusedCardTypes),
              },
              expirationDate: { ...field('expirationDate'), placeholder: 'MM/YY' },
              cvv: field('cvv'),
            },
            styles: hostedFieldStyles(),
          })
        : null,
    );
    mounting
      .then((hostedFields) => {
        if (!hostedFields || !active) return;
        instance.current = hostedFields;
        const update = (event: HostedFieldsEvent) => {
          setFields({
            number: event.fields.number,
            expirationDate: event.fields.expirationDate,
            cvv: event.fields.cvv,
          });
          const [only] = event.cards;
          setCardTypeId(event.cards.length === 1 && only ? only.type : null);
        };
        hostedFields.on('validityChange', update);
        hostedFields.on('cardTypeChange', update);
        hostedFields.on('empty', update);
        hostedFields.on('notEmpty', update);
        hostedFields.on('blur', (event) => {
          update(event);
          const left = event.emittedBy;
          if (isCardField(left)) setShown((current) => new Set([...current, left]));
        });
        setStatus('ready');
      })
      .catch((error: unknown) => {
        console.error('Braintree hosted fields could not be created', error);
        if (active) setStatus('failed');
      });
    return () => {
      active = false;
      instance.current = null;
      previous.current = mounting
        .then((hostedFields) => hostedFields?.teardown())
        .catch(() => undefined);
    };
  }, [session, refusedKey]);

  const brand = cardTypeId ? CARD_TYPES_BY_ID[cardTypeId] : undefined;
  const refusedBrand = brand && refusedCardTypes.includes(brand) ? brand : undefined;
  const isValid = FIELDS.every((name) => fields[name].isValid) && !refusedBrand;
  useEffect(() => onValidityChange(isValid), [isValid, onValidityChange]);

  const errors: Partial<Record<CardField, string>> = {};
  for (const name of FIELDS) {
    if (!shown.has(name)) continue;
    if (name === 'number' && refusedBrand) {
      errors.number = t('checkout.card.brandRefused', { brand: refusedBrand });
    } else if (!fields[name].isValid) {
      errors[name] = t(MESSAGE_KEYS[name], { ns: 'validation' });
    }
  }
  const errorsKey = JSON.stringify(errors);

  // The message is also read inside the iframe, where the input is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: errorsKey stands for errors
  useEffect(() => {
    const hostedFields = instance.current;
    if (!hostedFields) return;
    for (const name of FIELDS) {
      const message = errors[name];
      hostedFields.setMessage({ field: name, message: message ?? '' });
      const change = message
        ? hostedFields.setAttribute({ field: name, attribute: 'aria-invalid', value: true })
        : hostedFields.removeAttribute({ field: name, attribute: 'aria-invalid' });
      void Promise.resolve(change).catch(() => undefined);
    }
  }, [errorsKey, status]);

  useImperativeHandle(
    ref,
    () => ({
      tokenize: async ({ cardholderName, postalCode }) => {
        const hostedFields = instance.current;
        if (!hostedFields) throw new Error('The card fields are not ready');
        try {
          const payload = await hostedFields.tokenize({
            cardholderName,
            ...(postalCode ? { billingAddress: { postalCode } } : {}),
          });
          return {
            nonce: payload.nonce,
            cardType: payload.details.cardType,
            lastFour: payload.details.lastFour,
          };
        } catch (error) {
          const invalid = invalidFieldsOf(error);
          if (!invalid) throw error;
          const refused = invalid.filter(isCardField);
          setFields((current) => {
            const next = { ...current };
            for (const name of refused) next[name] = { ...next[name], isValid: false };
            return next;
          });
          setShown(new Set(FIELDS));
          setSummaryKey((key) => key + 1);
          return null;
        }
      },
    }),
    [],
  );

  if (status === 'failed') {
    return <CheckoutProblem country={country}>{t('braintree.loadFailed')}</CheckoutProblem>;
  }

  // Focusing a container (the error summary's link) puts the caret in its iframe's input.
  const focusInput = (name: CardField) => (event: FocusEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) void instance.current?.focus(name);
  };
  const summaryItems = summaryKey
    ? FIELDS.flatMap((name) => {
        const message = errors[name];
        return message ? [{ message, fieldId: CARD_FIELD_IDS[name] }] : [];
      })
    : [];
  const refusedNames = refusedCardTypes.join(', ');
  const hints: Record<CardField, string> = {
    number: refusedNames
      ? t('checkout.card.numberHintRefused', { brands: refusedNames })
      : t('checkout.card.numberHint'),
    expirationDate: t('checkout.card.expiryHint'),
    cvv: t('checkout.card.cvvHint', { count: cvvLengthFor(brand ?? null) }),
  };
  const labels: Record<CardField, string> = {
    number: t('checkout.card.number'),
    expirationDate: t('checkout.card.expiry'),
    cvv: t('checkout.card.cvv'),
  };

  const renderField = (name: CardField, isShort: boolean) => {
    const id = CARD_FIELD_IDS[name];
    const error = errors[name];
    return (
      <div className={[fieldStyles.field, error ? fieldStyles.hasError : ''].join(' ')}>
        <label className={fieldStyles.label} htmlFor={id}>
          {labels[name]}
        </label>
        <FieldHint id={`${id}-hint`} message={hints[name]} />
        <FieldError id={`${id}-error`} message={error} />
        {/* biome-ignore lint/a11y/noStaticElementInteractions: focus only passes on to the iframe's input */}
        <div
          id={id}
          className={[styles.hostedField, isShort ? styles.short : ''].join(' ')}
          tabIndex={-1}
          aria-describedby={describedBy(`${id}-hint`, error && `${id}-error`)}
          onFocus={focusInput(name)}
        />
      </div>
    );
  };

  return (
    <fieldset
      className={checkoutStyles.cardForm}
      disabled={isDisabled}
      aria-busy={status === 'loading'}
    >
      <legend className={checkoutStyles.legend}>{t('checkout.card.legend')}</legend>
      <ErrorSummary items={summaryItems} focusKey={summaryKey} />
      {status === 'loading' ? (
        <div className={styles.loading}>
          <Spinner label={t('braintree.loadingCard')} />
        </div>
      ) : null}
      {renderField('number', false)}
      {brand ? <CardBrand brand={brand} /> : null}
      <div className={styles.cardRow}>
        {renderField('expirationDate', true)}
        {renderField('cvv', true)}
      </div>
    </fieldset>
  );
}

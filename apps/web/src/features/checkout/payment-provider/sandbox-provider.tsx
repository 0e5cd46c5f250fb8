import { type CardFields, compactExpirationDate } from '@coparent/domain';
import { useEffect, useImperativeHandle, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { tokenizeCard } from '../api/tokenize-card';
import { type CardField, type CardFieldErrors, cardProblems, EMPTY_CARD } from '../card-fields';
import { SandboxCardForm } from '../components/sandbox-card-form';
import { SandboxWallet } from '../components/sandbox-wallet';
import { browserSupportsApplePay } from './apple-pay-support';
import type { BrowserPaymentProvider, CardFormProps, WalletProps } from './payment-provider';

const ALL_CARD_FIELDS: readonly CardField[] = ['number', 'expirationDate', 'cvv'];

/**
 * The sandbox's card form: the values stay in this component's state (never stored, gone on
 * reload) and leave the browser only to the sandbox's tokenisation endpoint.
 */
function SandboxCard({ ref, refusedCardTypes, onValidityChange, isDisabled }: CardFormProps) {
  const [fields, setFields] = useState<CardFields>(EMPTY_CARD);
  const [visible, setVisible] = useState<ReadonlySet<CardField>>(new Set());
  const [serverErrors, setServerErrors] = useState<CardFieldErrors>({});
  const localErrors = cardProblems(fields, refusedCardTypes);
  const isValid = Object.keys(localErrors).length === 0;

  useEffect(() => onValidityChange(isValid), [isValid, onValidityChange]);

  useImperativeHandle(
    ref,
    () => ({
      tokenize: async ({ cardholderName, postalCode }) => {
        try {
          const payload = await tokenizeCard({
            number: fields.number,
            expirationDate: compactExpirationDate(fields.expirationDate),
            cvv: fields.cvv,
            postalCode: postalCode || undefined,
            cardholderName,
          });
          setFields(EMPTY_CARD);
          setVisible(new Set());
          return {
            nonce: payload.nonce,
            cardType: payload.details.cardType,
            lastFour: payload.details.lastFour,
          };
        } catch (error) {
          if (!isApiError(error) || error.fieldErrors.length === 0) throw error;
          const next: CardFieldErrors = {};
          for (const fieldError of error.fieldErrors) {
            if ((ALL_CARD_FIELDS as readonly string[]).includes(fieldError.field)) {
              next[fieldError.field as CardField] = { text: fieldError.text };
            }
          }
          setServerErrors(next);
          setVisible(new Set(ALL_CARD_FIELDS));
          document.getElementById('card-number')?.focus();
          return null;
        }
      },
    }),
    [fields],
  );

  return (
    <SandboxCardForm
      fields={fields}
      onChange={(next) => {
        setFields(next);
        setServerErrors({});
      }}
      errors={{ ...localErrors, ...serverErrors }}
      visible={visible}
      onBlur={(field) => setVisible((current) => new Set([...current, field]))}
      refusedCardTypes={refusedCardTypes}
      isDisabled={isDisabled}
    />
  );
}

function SandboxWalletButton({ method, hasNonce, onApprove, onCancel }: WalletProps) {
  return (
    <SandboxWallet
      key={method}
      method={method}
      hasNonce={hasNonce}
      onApprove={(nonce) => onApprove({ nonce })}
      onCancel={onCancel}
    />
  );
}

/** The local sandbox: our own card form, and dialogs that stand in for the wallets' windows. */
export const sandboxProvider: BrowserPaymentProvider = {
  name: 'sandbox',
  CardForm: SandboxCard,
  Wallet: SandboxWalletButton,
  // The sandbox has no data collector: nothing to send.
  deviceData: async () => null,
  // Venmo is simulated everywhere; Apple Pay only where the browser has it, as with Braintree.
  get supports() {
    return { venmo: true, applePay: browserSupportsApplePay() };
  },
};

import {
  CARD_FORM_FIELDS,
  type CardFields,
  FORM_FIELD,
  PAYMENT_VIEW_FIELD,
  type ValidationError,
} from '@coparent/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { ErrorSummary, type ErrorSummaryItem } from '@/components/error-summary';
import { type CardField, type CardFieldErrors, EMPTY_CARD } from '../card-fields';
import styles from './checkout.module.css';
import { FreeOrderNotice } from './free-order-notice';
import { SandboxCardForm } from './sandbox-card-form';

const EVERY_CARD_FIELD: ReadonlySet<CardField> = new Set(CARD_FORM_FIELDS);
const isCardField = (field: string): field is CardField =>
  (CARD_FORM_FIELDS as readonly string[]).includes(field);

type PostedCardViewProps = {
  /** Where the form posts: the server tokenises the card and answers with Review. */
  action: string;
  /** The server's refusals of the last post (the card's fields, a declined payment). */
  errors: readonly ValidationError[];
  /** Nothing to pay (codes cover the price): no card is asked for. */
  isFree: boolean;
  /** The codes that cover it, named instead of the card fields. */
  coveringCodes: readonly string[];
  backButton: ReactNode;
};

/**
 * The Payment view of a page the server wrote, as a form posted without a script: the local
 * sandbox's card fields (Braintree's hosted fields and the wallets need the script). What was
 * typed in them is never written back into a page: after a refusal they are empty again.
 */
export function PostedCardView({
  action,
  errors,
  isFree,
  coveringCodes,
  backButton,
}: PostedCardViewProps) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<CardFields>(EMPTY_CARD);
  const fieldErrors: CardFieldErrors = {};
  const items: ErrorSummaryItem[] = [];
  for (const error of errors) {
    if (isCardField(error.field)) {
      fieldErrors[error.field] = { message: error.text };
      items.push({ message: error.text, fieldId: `card-${error.field}` });
    } else if (error.field === FORM_FIELD) {
      items.push({ message: error.text });
    }
  }
  return (
    <form method="post" action={action} noValidate className={styles.form}>
      <ErrorSummary items={items} focusKey={0} />
      <input type="hidden" name={PAYMENT_VIEW_FIELD} value="PAYMENT" />
      <h2 className={styles.viewHeading}>{t('checkout.payment.heading')}</h2>
      {isFree ? (
        <FreeOrderNotice coveringCodes={coveringCodes} />
      ) : (
        <SandboxCardForm
          fields={fields}
          onChange={setFields}
          errors={fieldErrors}
          visible={EVERY_CARD_FIELD}
          onBlur={() => undefined}
          refusedCardTypes={[]}
        />
      )}
      <div className={styles.actions}>
        <Button type="submit">{t('checkout.payment.reviewOrder')}</Button>
        {backButton}
      </div>
    </form>
  );
}

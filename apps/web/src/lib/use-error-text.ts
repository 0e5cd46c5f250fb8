import { useSupportPhone } from './support-phone';
import { useFieldErrorText } from './use-field-error-text';

/** Field error texts of the join funnel, with the visitor's support phone in the messages. */
export function useErrorText() {
  const phone = useSupportPhone();
  return useFieldErrorText(phone.display);
}

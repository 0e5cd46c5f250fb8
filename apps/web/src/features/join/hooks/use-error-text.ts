import { useFieldErrorText } from '@/lib/use-field-error-text';
import { useSupportPhone } from './use-support-phone';

/** Field error texts of the join funnel, with the visitor's support phone in the messages. */
export function useErrorText() {
  const phone = useSupportPhone();
  return useFieldErrorText(phone.display);
}

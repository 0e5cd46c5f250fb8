import { useSupportPhone } from '@/lib/support-phone';
import { SupportPhoneSentence } from './support-phone-sentence';

type SupportCallProps = {
  /** A message with a `<phone>{{phone}}</phone>` part. */
  i18nKey?: string;
};

/** A sentence with the visitor's support phone as a tel: link. */
export function SupportCall({ i18nKey = 'common.supportCall' }: SupportCallProps) {
  return <SupportPhoneSentence phone={useSupportPhone()} i18nKey={i18nKey} />;
}

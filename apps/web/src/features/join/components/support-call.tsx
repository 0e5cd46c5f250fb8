import { Trans } from 'react-i18next';
import { useSupportPhone } from '../hooks/use-support-phone';

type SupportCallProps = {
  /** A message with a `<phone>{{phone}}</phone>` part. */
  i18nKey?: string;
};

/** A sentence with the visitor's support phone as a tel: link. */
export function SupportCall({ i18nKey = 'common.supportCall' }: SupportCallProps) {
  const phone = useSupportPhone();
  return (
    <Trans
      i18nKey={i18nKey}
      values={{ phone: phone.display }}
      components={{
        // biome-ignore lint/a11y/useAnchorContent: Trans puts the phone number inside
        phone: <a href={`tel:${phone.tel}`} />,
      }}
    />
  );
}

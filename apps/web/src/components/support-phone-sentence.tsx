import { Trans } from 'react-i18next';

type SupportPhoneSentenceProps = {
  phone: { display: string; tel: string };
  /** A message with a `<phone>{{phone}}</phone>` part. */
  i18nKey?: string;
};

/** A sentence with a support phone as a tel: link, so a phone can call it with one tap. */
export function SupportPhoneSentence({
  phone,
  i18nKey = 'common.supportCall',
}: SupportPhoneSentenceProps) {
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

import { RichText } from './rich-text';

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
    <RichText
      i18nKey={i18nKey}
      values={{ phone: phone.display }}
      components={{
        // biome-ignore lint/a11y/useAnchorContent: RichText puts the phone number inside
        phone: <a href={`tel:${phone.tel}`} />,
      }}
    />
  );
}

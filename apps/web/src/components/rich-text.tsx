import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type RichTextProps = {
  /** A message whose parts to format are named tags: `Call <phone>{{phone}}</phone>`. */
  i18nKey: string;
  values?: Record<string, string | number>;
  /** The element each tag becomes; the tag's text is put inside it. */
  components: Record<string, ReactElement<{ children?: ReactNode }>>;
};

// A value stands in the message as this marker while the tags are read, so a typed value (an
// email, a name) is always text and can never open or close a tag.
const MARKER = '\uE000';
const TAG = /<([a-zA-Z]+)>([^<]*)<\/\1>/g;

/**
 * A translated message with links or emphasis inside it (a tel: link, the terms and privacy
 * links). Does what react-i18next's `Trans` does for our catalogues' flat named tags, without
 * its HTML parser in every screen's JavaScript (JS size budgets). A tag with no
 * component is shown as its text.
 */
export function RichText({ i18nKey, values = {}, components }: RichTextProps) {
  const { t } = useTranslation();
  const names = Object.keys(values);
  const markers = Object.fromEntries(names.map((name, i) => [name, `${MARKER}${i}${MARKER}`]));
  const message = t(i18nKey, markers);
  const withValues = (text: string) =>
    text.replace(/\uE000(\d+)\uE000/g, (_, i: string) =>
      String(values[names[Number(i)] as string]),
    );

  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(TAG)) {
    const [whole, tag = '', inner = ''] = match;
    if (match.index > last) parts.push(withValues(message.slice(last, match.index)));
    const component = components[tag];
    parts.push(
      component
        ? cloneElement(component, { key: parts.length }, withValues(inner))
        : withValues(inner),
    );
    last = match.index + whole.length;
  }
  if (last < message.length) parts.push(withValues(message.slice(last)));
  return <Fragment>{parts}</Fragment>;
}

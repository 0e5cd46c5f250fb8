import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TitledPage } from './titled-page';

type NoticePageProps = {
  /** The catalogue entry holding the notice's `title`, `text` and `home` (the link's words). */
  messages: string;
  /** Where the link leads: the way out of a page there is nothing to do on. */
  to: string;
  className?: string;
};

/** A page that can only say why it has nothing to show, and offer the way home. */
export function NoticePage({ messages, to, className }: NoticePageProps) {
  const { t } = useTranslation();
  return (
    <TitledPage title={t(`${messages}.title`)} className={className}>
      <p>{t(`${messages}.text`)}</p>
      <p>
        <Link to={to}>{t(`${messages}.home`)}</Link>
      </p>
    </TitledPage>
  );
}

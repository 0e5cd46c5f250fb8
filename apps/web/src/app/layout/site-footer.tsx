import { SITE_PAGE_PATHS } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { SupportCall } from '@/components/support-call';
import styles from './layout.module.css';

const FOOTER_LINKS = [
  { href: SITE_PAGE_PATHS.terms, key: 'footer.terms' },
  { href: SITE_PAGE_PATHS.privacy, key: 'footer.privacy' },
  { href: SITE_PAGE_PATHS.help, key: 'footer.help' },
  { href: SITE_PAGE_PATHS.contact, key: 'footer.contact' },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <nav aria-label={t('footer.label')}>
          <ul className={styles.footerLinks}>
            {FOOTER_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{t(link.key)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.support}>
          <SupportCall i18nKey="footer.support" />
        </p>
      </div>
    </footer>
  );
}

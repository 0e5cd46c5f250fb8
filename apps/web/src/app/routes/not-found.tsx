import { NoticePage } from '@/components/notice-page';
import styles from './routes.module.css';

export function NotFoundRoute() {
  return <NoticePage messages="notFound" to="/signup" className={styles.content} />;
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from './alert-banner';
import { Button } from './button';
import { Spinner } from './spinner';

type QueryResultProps<T> = {
  query: { data: T | undefined; isError: boolean; refetch: () => unknown };
  /** The catalogue entry holding the `loading`, `loadError` and `retry` texts. */
  messages: string;
  children: (data: T) => ReactNode;
};

/** What a query has brought: its data once loaded, else the load error with a retry, else a spinner. */
export function QueryResult<T>({ query, messages, children }: QueryResultProps<T>) {
  const { t } = useTranslation();
  if (query.data) return children(query.data);
  if (query.isError) {
    return (
      <>
        <AlertBanner tone="error">
          <p>{t(`${messages}.loadError`)}</p>
        </AlertBanner>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t(`${messages}.retry`)}
        </Button>
      </>
    );
  }
  return <Spinner label={t(`${messages}.loading`)} />;
}

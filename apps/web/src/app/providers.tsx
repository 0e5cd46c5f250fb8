import type { SignupState } from '@coparent/domain';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type FlagOverrides, FlagProvider } from '../lib/flags';
import { type FormSubmission, FormSubmissionProvider } from '../lib/form-submission';
import { i18n as appI18n } from '../lib/i18n';
import { type ServerQuery, seedQueries } from '../lib/server-queries';
import { ServerSignupProvider } from '../lib/server-signup';
import { DocumentLook } from './document-look';
import { createQueryClient } from './query-client';

type AppProvidersProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  i18n?: I18n;
  flags?: FlagOverrides;
  /** The form the server answered with this page, when it did (a post without a script). */
  submission?: FormSubmission;
  /** The signup the server read from the browser's cookie to write the page, when it did. */
  signup?: SignupState;
  /** The answers the server read to write the page: in the cache from the start. */
  queries?: readonly ServerQuery[];
};

export function AppProviders({
  children,
  queryClient,
  i18n = appI18n,
  flags,
  submission,
  signup,
  queries = [],
}: AppProvidersProps) {
  const [client] = useState(() => {
    const created = queryClient ?? createQueryClient();
    seedQueries(created, queries);
    return created;
  });
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <FlagProvider overrides={flags}>
          <DocumentLook />
          <ServerSignupProvider signup={signup}>
            <FormSubmissionProvider submission={submission}>{children}</FormSubmissionProvider>
          </ServerSignupProvider>
        </FlagProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

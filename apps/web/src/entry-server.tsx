import type { SignupState } from '@coparent/domain';
import { isLocale, type Locale } from '@coparent/domain';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { JOIN_BASENAME } from './app/join-path';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';
import { parseFlagParam } from './lib/flags';
import type { FormSubmission } from './lib/form-submission';
import type { ServerQuery } from './lib/server-queries';
import { type ServerHead, ServerHeadContext } from './server/server-head';
import { serverI18n } from './server/server-i18n';

export { serverPageQueries } from './app/server-page-queries';
export {
  SERVER_RENDERED_ATTRIBUTE,
  SERVER_RENDERED_PATHS,
  SIGNUP_PAGE_PATHS,
} from './app/server-rendered-paths';
export { FORM_SUBMISSION_ELEMENT_ID, type FormSubmission } from './lib/form-submission';
export { RENDERED_LANGUAGE_ATTRIBUTE } from './lib/i18n';
export { SERVER_QUERIES_ELEMENT_ID, type ServerQuery } from './lib/server-queries';
export { SERVER_SIGNUP_ELEMENT_ID } from './lib/server-signup';

export type ServerRender =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; html: string; title: string | undefined };

const handler = createStaticHandler(routes, { basename: JOIN_BASENAME });

/**
 * Renders a join page on the server, in `locale`, as the browser's first render of the same URL
 * would (flags from `?flags=`, the rest at their defaults), for the app to hydrate. With a
 * `submission`, the page answers that form: its values in the fields, its problems listed; with
 * the browser's `signup` (read from its cookie), the page shows its saved answers and progress;
 * `queries` are the answers its screen reads (serverPageQueries), written into the page.
 */
export async function render(
  request: Request,
  locale: Locale,
  {
    submission,
    signup,
    queries,
  }: { submission?: FormSubmission; signup?: SignupState; queries?: ServerQuery[] } = {},
): Promise<ServerRender> {
  const context = await handler.query(request);
  if (context instanceof Response) {
    return {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('location') ?? JOIN_BASENAME,
    };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const head: ServerHead = {};
  const flags = parseFlagParam(new URL(request.url).searchParams.get('flags'));
  const html = renderToString(
    <StrictMode>
      <ServerHeadContext.Provider value={head}>
        <AppProviders
          i18n={serverI18n(isLocale(locale) ? locale : 'en')}
          flags={flags}
          queryClient={createQueryClient()}
          submission={submission}
          signup={signup}
          queries={queries}
        >
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </ServerHeadContext.Provider>
    </StrictMode>,
  );
  return { kind: 'page', status: context.statusCode, html, title: head.title };
}

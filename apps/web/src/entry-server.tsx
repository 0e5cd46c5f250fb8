import type { SignupState } from '@coparent/domain';
import { isLocale, type Locale } from '@coparent/domain';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { JOIN_BASENAME } from './app/join-path';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';
import { loadFormChecks } from './features/join/form-checks';
import { type FlagOverrides, parseFlagParam } from './lib/flags';
import type { FormSubmission } from './lib/form-submission';
import { type ScriptlessPage, ScriptlessPageProvider } from './lib/scriptless-page';
import type { ServerQuery } from './lib/server-queries';
import { type ServerHead, ServerHeadContext } from './server/server-head';
import { serverI18n } from './server/server-i18n';

export { APP_READY_ATTRIBUTE } from './app/app';
export { serverPageQueries } from './app/server-page-queries';
export {
  INVITE_PAGE_PATHS,
  SCRIPTLESS_PATHS,
  SERVER_RENDERED_ATTRIBUTE,
  SERVER_RENDERED_PATHS,
  SIGNUP_PAGE_PATHS,
} from './app/server-rendered-paths';
export { parseFlagParam } from './lib/flags';
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
 * `queries` are the answers its screen reads (serverPageQueries), written into the page. A page
 * written with no script (`scriptless`) takes `flags` the server decided (under the address's
 * `?flags=`) and what the server knows in the app's stead.
 */
export async function render(
  request: Request,
  locale: Locale,
  {
    submission,
    signup,
    queries,
    flags: decided,
    scriptless,
  }: {
    submission?: FormSubmission;
    signup?: SignupState;
    queries?: ServerQuery[];
    flags?: FlagOverrides;
    scriptless?: ScriptlessPage;
  } = {},
): Promise<ServerRender> {
  // The form a page answers shows the post's problems as its schema finds them: its checks, which
  // the browser loads on demand, are in before the render.
  if (submission) await loadFormChecks(submission.path);
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
  const flags = {
    ...decided,
    ...parseFlagParam(new URL(request.url).searchParams.get('flags')),
  };
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
          <ScriptlessPageProvider page={scriptless}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </ScriptlessPageProvider>
        </AppProviders>
      </ServerHeadContext.Provider>
    </StrictMode>,
  );
  return { kind: 'page', status: context.statusCode, html, title: head.title };
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isLocale, type Locale, type SignupState } from '@coparent/domain';
import type { FastifyBaseLogger } from 'fastify';

/** What the web build's server entry (apps/web/src/entry-server.tsx) renders. */
export type ServerRender =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; html: string; title: string | undefined };

/** The join pages' server render, as loaded from the web build. */
export type JoinRenderer = {
  /** The join paths (under /app/join) it renders, e.g. '/signup'. */
  paths: ReadonlySet<string>;
  render(request: Request, locale: Locale, written?: WrittenWith): Promise<ServerRender>;
  /**
   * The answers a page's screen reads (the API's, as `fetchJson` reads them), for the page the
   * server writes (with the browser's signup, or the link's token); none when the build does not
   * say.
   */
  pageQueries(
    joinPath: string,
    context: {
      signup?: SignupState;
      /** The page's query (an invitation's `token`). */
      search: URLSearchParams;
      locale: Locale;
      /**
       * A GET of the API, or a POST with its body for a read that takes one (a price); `bearer`
       * is a token the page's link carries.
       */
      fetchJson: (path: string, init?: { body?: unknown; bearer?: string }) => Promise<unknown>;
      /** The form the page answers (a posted step of the professional registration). */
      submission?: RenderedSubmission;
    },
  ): Promise<RenderedQuery[]>;
  /** The paths written with the signup the browser's cookie names. */
  signupPaths: ReadonlySet<string>;
  /** The invite's screens after the welcome, written with the invite its HttpOnly cookie names. */
  invitePaths: ReadonlySet<string>;
  /** The attribute <html> carries once the page answers to input (the app's, or as written). */
  readyAttribute: string;
  /** The paths written with no script at all (decision 052). */
  scriptlessPaths: ReadonlySet<string>;
  /** The web app's reading of a `?flags=` parameter (its overrides). */
  parseFlagParam: (param: string | null) => Record<string, string | boolean>;
  /** The attributes the app reads: on #root (hydrate it) and on <html> (the page's language). */
  rootAttribute: string;
  languageAttribute: string;
  /** The ids of the elements the page carries a posted form's submission and the signup in. */
  submissionElementId: string;
  signupElementId: string;
  queriesElementId: string;
};

/** An answer the page's screen reads, as its query holds it (apps/web/src/lib/server-queries.ts). */
export type RenderedQuery = { queryKey: readonly unknown[]; data: unknown };

/** What a page is written with besides its URL and language. */
export type WrittenWith = {
  submission?: RenderedSubmission;
  signup?: SignupState;
  queries?: RenderedQuery[];
  /** Flags the server decided for a page written with no script. */
  flags?: Record<string, string | boolean>;
  /** What the server knows in the app's stead on a page written with no script. */
  scriptless?: { discountSearch?: string; duplicateParent?: { name?: string; email?: string } };
};

/** A posted form the page answers (apps/web/src/lib/form-submission.tsx). */
export type RenderedSubmission = {
  path: string;
  values: Record<string, string>;
  errors: { field: string; text: string; type?: string }[];
  /** False when the page only shows the values again (nothing to check yet). */
  checked?: boolean;
};

type EntryModule = {
  render?: unknown;
  SERVER_RENDERED_PATHS?: unknown;
  SERVER_RENDERED_ATTRIBUTE?: unknown;
  RENDERED_LANGUAGE_ATTRIBUTE?: unknown;
  FORM_SUBMISSION_ELEMENT_ID?: unknown;
  SIGNUP_PAGE_PATHS?: unknown;
  SERVER_SIGNUP_ELEMENT_ID?: unknown;
  serverPageQueries?: unknown;
  SERVER_QUERIES_ELEMENT_ID?: unknown;
  SCRIPTLESS_PATHS?: unknown;
  INVITE_PAGE_PATHS?: unknown;
  parseFlagParam?: unknown;
  APP_READY_ATTRIBUTE?: unknown;
};

/**
 * Loads the server render the web build wrote (`vite build --ssr`, apps/web/dist-server). Without
 * it (a build from before, a test's own web directory) every page is the app's shell, as before.
 */
export async function loadJoinRenderer(
  serverDir: string,
  log: FastifyBaseLogger,
): Promise<JoinRenderer | undefined> {
  const file = join(serverDir, 'entry-server.js');
  if (!existsSync(file)) {
    log.warn({ serverDir }, 'no server render of the join pages: they are rendered in the browser');
    return undefined;
  }
  const entry = (await import(pathToFileURL(file).href)) as EntryModule;
  const {
    render,
    SERVER_RENDERED_PATHS,
    SERVER_RENDERED_ATTRIBUTE,
    RENDERED_LANGUAGE_ATTRIBUTE,
    FORM_SUBMISSION_ELEMENT_ID,
    SIGNUP_PAGE_PATHS,
    SERVER_SIGNUP_ELEMENT_ID,
    serverPageQueries,
    SERVER_QUERIES_ELEMENT_ID,
    SCRIPTLESS_PATHS,
    INVITE_PAGE_PATHS,
    parseFlagParam,
    APP_READY_ATTRIBUTE,
  } = entry;
  if (
    typeof render !== 'function' ||
    !Array.isArray(SERVER_RENDERED_PATHS) ||
    typeof SERVER_RENDERED_ATTRIBUTE !== 'string' ||
    typeof RENDERED_LANGUAGE_ATTRIBUTE !== 'string' ||
    typeof FORM_SUBMISSION_ELEMENT_ID !== 'string' ||
    !Array.isArray(SIGNUP_PAGE_PATHS) ||
    typeof SERVER_SIGNUP_ELEMENT_ID !== 'string'
  ) {
    throw new Error(`${file} is not the join pages' server render`);
  }
  return {
    paths: new Set(SERVER_RENDERED_PATHS.filter((path) => typeof path === 'string')),
    render: render as JoinRenderer['render'],
    rootAttribute: SERVER_RENDERED_ATTRIBUTE,
    languageAttribute: RENDERED_LANGUAGE_ATTRIBUTE,
    submissionElementId: FORM_SUBMISSION_ELEMENT_ID,
    signupPaths: new Set(SIGNUP_PAGE_PATHS.filter((path) => typeof path === 'string')),
    signupElementId: SERVER_SIGNUP_ELEMENT_ID,
    // A build that reads no answers on the server writes its pages without them.
    pageQueries:
      typeof serverPageQueries === 'function'
        ? (serverPageQueries as JoinRenderer['pageQueries'])
        : async () => [],
    queriesElementId:
      typeof SERVER_QUERIES_ELEMENT_ID === 'string' ? SERVER_QUERIES_ELEMENT_ID : 'server-queries',
    readyAttribute:
      typeof APP_READY_ATTRIBUTE === 'string' ? APP_READY_ATTRIBUTE : 'data-app-ready',
    // A build from before writes every page with its script.
    scriptlessPaths: new Set(
      Array.isArray(SCRIPTLESS_PATHS)
        ? SCRIPTLESS_PATHS.filter((path) => typeof path === 'string')
        : [],
    ),
    // A build from before leaves the invite's later screens to the app.
    invitePaths: new Set(
      Array.isArray(INVITE_PAGE_PATHS)
        ? INVITE_PAGE_PATHS.filter((path) => typeof path === 'string')
        : [],
    ),
    parseFlagParam:
      typeof parseFlagParam === 'function'
        ? (parseFlagParam as JoinRenderer['parseFlagParam'])
        : () => ({}),
  };
}

const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside a <script>: no `<` can close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The page's document: its shell (index.html with the route's preloads) with the rendered screen
 * in #root, its title and its language, and what it was written with (a posted form it answers,
 * the browser's signup, the answers its screen reads) for the app to take over the same page. `undefined` when the shell lacks
 * what it needs.
 */
export function renderedDocument(
  shell: string,
  page: { html: string; title: string | undefined },
  locale: Locale,
  renderer: Pick<
    JoinRenderer,
    'rootAttribute' | 'languageAttribute' | 'submissionElementId' | 'signupElementId'
  > &
    Partial<Pick<JoinRenderer, 'queriesElementId'>>,
  written: WrittenWith = {},
): string | undefined {
  const rootStart = shell.indexOf('<div id="root">');
  const bodyEnd = shell.lastIndexOf('</body>');
  const rootEnd = shell.lastIndexOf('</div>', bodyEnd);
  if (rootStart < 0 || bodyEnd < 0 || rootEnd < rootStart || !isLocale(locale)) return undefined;
  const head = shell
    .slice(0, rootStart)
    .replace(/<html[^>]*>/, `<html lang="${locale}" ${renderer.languageAttribute}="${locale}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(page.title ?? 'CoParent Hub')}</title>`);
  const data = (id: string, value: unknown) =>
    value === undefined
      ? ''
      : `<script type="application/json" id="${id}">${scriptJson(value)}</script>`;
  const root = [
    `<div id="root" ${renderer.rootAttribute}>${page.html}</div>`,
    data(renderer.submissionElementId, written.submission),
    data(renderer.signupElementId, written.signup),
    written.queries?.length && renderer.queriesElementId
      ? data(renderer.queriesElementId, written.queries)
      : '',
  ].join('');
  return `${head}${root}${shell.slice(rootEnd + '</div>'.length)}`;
}

const STYLESHEET_LINK =
  /<link rel="(?:stylesheet|preload" as="style)" crossorigin href="([^"]+\.css)">/g;

/**
 * The shell with every stylesheet it links (the app's and the screen's, linked or preloaded) in
 * one `<style>`: a page the server renders paints styled from its first bytes, with no request
 * before it. Each inlined file keeps a disabled link (a browser does not fetch it), which is what
 * the app's chunk loader looks for before it adds a stylesheet: taking the page over, it would
 * otherwise fetch the same rules again and restyle the whole page once per file. A file it cannot
 * read stays a link.
 */
export function withInlineStyles(shell: string, distDir: string, base: string): string {
  const styles: string[] = [];
  const html = shell.replace(STYLESHEET_LINK, (link, href: string) => {
    if (!href.startsWith(`${base}/`)) return link;
    const file = join(distDir, href.slice(base.length + 1));
    if (!existsSync(file)) return link;
    const css = readFileSync(file, 'utf8');
    if (css.includes('</style')) return link;
    styles.push(css);
    return `<link rel="stylesheet" crossorigin href="${href}" disabled>`;
  });
  if (styles.length === 0) return shell;
  const headEnd = html.indexOf('</head>');
  return `${html.slice(0, headEnd)}<style>${styles.join('\n')}</style>${html.slice(headEnd)}`;
}

const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="[^"]+">\s*/g;

/**
 * The shell without its `modulepreload` links: they make the app's code arrive beside the page
 * when the page cannot paint without it, but a page the server has rendered paints first, and on
 * a slow connection those downloads would share the bandwidth with the page itself. The app's
 * code still loads, by its entry's own imports, after the page is on screen.
 */
export function withoutModulePreloads(shell: string): string {
  return shell.replace(MODULE_PRELOAD, '');
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildYourOwnChoiceOfSignup,
  canEnterStep,
  INVITE_PATHS,
  isLocale,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  type Locale,
  SIGNUP_POSTED_COOKIE,
  SIGNUP_SAVED_COOKIE,
  SITE_PAGE_PATHS,
  type SignupState,
  stepForPath,
} from '@coparent/domain';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, serializeCookie } from '../http/cookies.js';
import { sendProblem } from '../http/error-handler.js';
import { JOIN_BASE } from '../http/join-base.js';
import { pageLocale } from '../http/locale.js';
import type { RouteRateLimit } from '../http/per-minute.js';
import { INVITE_COOKIE, inviteLinkCookie } from '../modules/invite/invite-cookie.js';
import { readCookieSignup } from '../modules/signup/signup-cookie.js';
import type { JoinFormSubmission } from './form-answer.js';
import { isFinishedInviteBrowser } from './invite-receipt-page.js';
import { joinFormRoutes } from './join-forms.js';
import { PAID_SIGNUP_PAGE_PATHS, paidPageSignup } from './paid-pages.js';
import { prefersHtml } from './prefers-html.js';
import { routeShells } from './route-preloads.js';
import { withoutScripts, writeScriptless } from './scriptless-page.js';
import {
  loadJoinRenderer,
  renderedDocument,
  withInlineStyles,
  withoutModulePreloads,
} from './server-render.js';

export { JOIN_BASE };
export const JOIN_ENTRY = `${JOIN_BASE}/signup`;
/** The account area: the same web app (one build), its own route tree (apps/web/src/account). */
export const ACCOUNT_BASE = '/app/account';

const HIDDEN = { schema: { hide: true } } as const;
/** Pages written only with the answer they show (and the invite's later screens, by the build). */
const PAGES_OF_THEIR_DATA = new Set(['/receipt', '/invite']);
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unknown paths under these are the API's: problem+json, whatever the client accepts. */
const API_PREFIXES = ['/v2', '/ofrep'];

const isApiPath = (path: string) =>
  API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * The built web app under /app/join/ with an SPA fallback to its index.html, the same shell for
 * the account area's pages (/app/account and /app/account/*) and the site pages (terms, privacy,
 * help, contact), and the redirects `/`, `/app/join`, `/app/join/` → `/app/join/signup`. A browser
 * opening any other page gets the shell with status 404 (the app shows "page not found"); API
 * clients get problem+json. When the build is missing, every page answers 503 with a text saying
 * how to build it.
 */
/** The page's URL without `?lang=` (what the language menu sends when the page runs no script). */
function withoutLanguageParam(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  parsed.searchParams.delete('lang');
  return `${parsed.pathname}${parsed.search}`;
}

/** A step saved in this browser within the hour: by a form post, or by the app's own call. */
const hasSavedRecently = (request: FastifyRequest) =>
  [SIGNUP_POSTED_COOKIE, SIGNUP_SAVED_COOKIE].some((name) =>
    Boolean(readCookie(request.headers.cookie, name)),
  );

/**
 * Whether the server writes a join page with this signup (or none): a later step only with a
 * signup that has reached it, build your own only with its package chosen.
 */
function isWrittenWith(
  joinPath: string,
  signup: SignupState | undefined,
  search: URLSearchParams,
  { isInvitePage, hasInvite }: { isInvitePage: boolean; hasInvite: boolean },
): boolean {
  // The welcome of an invitation is written from its link's token; after that the tab has it.
  if (joinPath === '/invite') return search.has('token');
  // The invite's later screens from its HttpOnly cookie (its answers say whether it reached them).
  if (isInvitePage) return hasInvite;
  if (PAID_SIGNUP_PAGE_PATHS.has(joinPath)) return signup?.paid === true;
  if (joinPath === '/alacarte') {
    return (
      signup !== undefined &&
      buildYourOwnChoiceOfSignup(signup) !== undefined &&
      canEnterStep(3, signup.lastCompletedStep)
    );
  }
  // The payment page prices the saved order.
  if (joinPath === '/payment' && !signup?.order) return false;
  const step = stepForPath(joinPath) ?? 1;
  return step === 1 || (signup !== undefined && canEnterStep(step, signup.lastCompletedStep));
}

export async function webRoutes(
  app: FastifyInstance,
  opts: {
    distDir: string;
    serverRenderDir: string;
    secureCookies: boolean;
    /** The signup create's rate limit, which a posted step 1 shares. */
    signupCreateRateLimit: RouteRateLimit;
  },
): Promise<void> {
  const { distDir } = opts;
  const redirectToEntry = (_: unknown, reply: FastifyReply) => reply.redirect(JOIN_ENTRY, 302);
  app.get('/', HIDDEN, redirectToEntry);
  app.get(JOIN_BASE, HIDDEN, redirectToEntry);
  app.get(`${JOIN_BASE}/`, HIDDEN, redirectToEntry);

  const indexHtml = join(distDir, 'index.html');
  if (!existsSync(indexHtml)) {
    app.log.warn({ distDir }, 'web app not built: /app/join/* answers 503');
    const notBuilt = async (_request: unknown, reply: FastifyReply) =>
      reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send(
          `The web app has not been built (no ${indexHtml}).\n` +
            'Run `npm run build` (or `npm start`) at the repository root, then reload this page.\n',
        );
    const pages = [`${JOIN_BASE}/*`, ACCOUNT_BASE, `${ACCOUNT_BASE}/*`];
    for (const path of [...pages, ...Object.values(SITE_PAGE_PATHS)]) {
      app.get(path, HIDDEN, notBuilt);
    }
    return;
  }

  // wildcard: false registers one route per file found at start-up, so unknown paths fall
  // through to the SPA fallback below instead of a 404 from the static handler.
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: `${JOIN_BASE}/`,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file (apps/web/vite.config.ts): sent as they
    // are to a browser that accepts them, a third of the bytes on a phone's connection.
    preCompressed: true,
    setHeaders: (reply, path) => {
      // Vite fingerprints everything under assets/; anything else may change between builds.
      reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
    },
  });

  // Only the browser knows the visitor's language (the choice kept on the device): the app's own
  // "page not found" says it in that language.
  const notFound = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    if (isApiPath(path) || !prefersHtml(request.headers.accept)) {
      return sendProblem(reply, 'NOT_FOUND');
    }
    reply.header('cache-control', 'no-cache');
    return reply.code(404).sendFile('index.html', distDir);
  };

  const shellHtml = readFileSync(indexHtml, 'utf8');
  const shells = routeShells(distDir, shellHtml);
  const renderer = await loadJoinRenderer(opts.serverRenderDir, app.log);
  const renderedShells = new Map(
    [...(renderer?.paths ?? [])].map((path) => [
      path,
      withoutModulePreloads(withInlineStyles(shells.get(path) ?? shellHtml, distDir, JOIN_BASE)),
    ]),
  );

  const paidPageDeps = { signups: app.signups, sessions: app.sessionAuth };
  const finishedInviteDeps = { db: app.database.db, sessions: app.sessionAuth };

  /** A join page the server renders with its screen; false when it is the app's shell. */
  const serverRendered = async (request: FastifyRequest, reply: FastifyReply, joinPath: string) => {
    if (!renderer?.paths.has(joinPath)) return false;
    // A form asking for a page (Back without a script) sends an empty query: the page's own URL.
    if (request.url.endsWith('?')) {
      reply.redirect(request.url.slice(0, -1), 302);
      return true;
    }
    const query = new URL(request.url, 'http://localhost').searchParams;
    const chosen = query.get('lang');
    if (isLocale(chosen)) {
      // The language menu without a script: keep the choice, then show the page without the param.
      reply.header(
        'set-cookie',
        serializeCookie(LANGUAGE_COOKIE, chosen, {
          maxAgeSeconds: LANGUAGE_COOKIE_MAX_AGE_SECONDS,
          secure: opts.secureCookies,
          httpOnly: false,
        }),
      );
      reply.redirect(withoutLanguageParam(request.url), 303);
      return true;
    }
    return renderPage(request, reply, joinPath);
  };

  /**
   * The unpaid signup the browser's cookie names, to write a step's page with its answers: only
   * for a browser that saved a step within the hour, by a form post or through the app's API
   * (decision 049); after that hour the tab decides. Without it (none, another key, the database
   * away) the page is written as for a first visit.
   */
  const cookieSignup = async (request: FastifyRequest) => {
    if (!hasSavedRecently(request)) return undefined;
    try {
      const signup = await readCookieSignup(app.signups, request);
      return signup?.paid ? undefined : signup;
    } catch (error) {
      // The name only: a query's error carries its parameters (emails, key hashes).
      request.log.warn({ error: (error as Error).name }, 'signup not read for the page');
      return undefined;
    }
  };

  /**
   * The answers the page's screen reads, read through this server's own API with the browser's
   * cookie (and the link's token) and the page's language, as the app would ask them. Without them
   * (a call refused, the database away) the page is written as before and the app asks itself.
   */
  const pageQueries = async (
    request: FastifyRequest,
    joinPath: string,
    signup: SignupState | undefined,
    locale: Locale,
    submission: JoinFormSubmission | undefined,
  ) => {
    if (!renderer) return undefined;
    const search = new URL(request.url, 'http://localhost').searchParams;
    const fetchJson = async (path: string, init: { body?: unknown; bearer?: string } = {}) => {
      const isPost = init.body !== undefined;
      const answer = await app.inject({
        method: isPost ? 'POST' : 'GET',
        url: path,
        headers: {
          accept: 'application/json',
          'accept-language': locale,
          cookie: request.headers.cookie ?? '',
          ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
        },
        // Counted against the visitor's own limits, as their browser's call would be.
        remoteAddress: request.ip,
        ...(isPost ? { payload: init.body as Record<string, unknown> } : {}),
      });
      if (answer.statusCode !== 200)
        throw new Error(`${isPost ? 'POST' : 'GET'} ${path.split('?')[0]}: ${answer.statusCode}`);
      return answer.json() as unknown;
    };
    try {
      return await renderer.pageQueries(joinPath, {
        signup,
        search,
        locale,
        fetchJson,
        submission,
      });
    } catch (error) {
      request.log.warn({ error: (error as Error).message, path: joinPath }, 'page data not read');
      return undefined;
    }
  };

  const pageViewAllowance = app.createRateLimit({
    max: app.config.rateLimit.eventsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `server-page-views:${request.ip}`,
  });
  const scriptlessDeps = {
    flags: app.flags,
    events: app.events,
    parseFlagParam: renderer?.parseFlagParam ?? (() => ({})),
    secureCookies: opts.secureCookies,
    mayRecordPageView: async (request: FastifyRequest) => {
      try {
        const counted = await pageViewAllowance(request);
        // `isAllowed` is the allow list's; a counted request says whether it went past `max`.
        return counted.isAllowed || !counted.isExceeded;
      } catch {
        // The counters' store failed: the page is served; its view is not worth an error.
        return false;
      }
    },
  };

  /** Writes the page's screen on the server (answering a posted form when given one). */
  const renderPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    joinPath: string,
    answered?: { submission: JoinFormSubmission; status: number; signup?: SignupState },
  ) => {
    const submission = answered?.submission;
    if (!renderer) return false;
    const locale = pageLocale(request);
    try {
      const url = new URL(`${JOIN_BASE}${joinPath}`, 'http://localhost');
      if (!submission) url.search = new URL(request.url, 'http://localhost').search;
      const signup = renderer.signupPaths.has(joinPath)
        ? (answered?.signup ?? (await cookieSignup(request)))
        : PAID_SIGNUP_PAGE_PATHS.has(joinPath)
          ? (answered?.signup ?? (await paidPageSignup(paidPageDeps, request, joinPath)))
          : undefined;
      // A later step is written only with a signup that has reached it; otherwise the tab,
      // which may know the signup, decides (the app's shell).
      const isInvitePage = renderer.invitePaths.has(joinPath);
      const invite = {
        isInvitePage,
        // The receipt is the finished invite's, for the browser logged in as its co-parent.
        hasInvite:
          isInvitePage && joinPath === INVITE_PATHS.receipt
            ? await isFinishedInviteBrowser(finishedInviteDeps, request)
            : Boolean(readCookie(request.headers.cookie, INVITE_COOKIE)),
      };
      if (!isWrittenWith(joinPath, signup, url.searchParams, invite)) return false;
      const queries = await pageQueries(request, joinPath, signup, locale, submission);
      // The receipt and the invitation's welcome are their answers: without them (an expired
      // link, a refusal), the tab decides (the app's shell).
      const isOfItsData = PAGES_OF_THEIR_DATA.has(joinPath) || invite.isInvitePage;
      if (isOfItsData && !queries?.length) return false;
      const scriptless =
        !submission && renderer.scriptlessPaths.has(joinPath)
          ? await writeScriptless(scriptlessDeps, request, joinPath, locale)
          : undefined;
      const noScript = scriptless && !scriptless.needsTheApp ? scriptless : undefined;
      const written = {
        submission,
        signup,
        queries,
        ...(noScript ? { flags: noScript.flags, scriptless: noScript.page } : {}),
      };
      const rendered = await renderer.render(new Request(url), locale, written);
      if (rendered.kind === 'redirect') {
        reply.redirect(rendered.location, submission ? 303 : rendered.status);
        return true;
      }
      const html = renderedDocument(
        renderedShells.get(joinPath) ?? shellHtml,
        rendered,
        locale,
        renderer,
        written,
      );
      if (!html) return false;
      if (scriptless?.cookies.length) reply.header('set-cookie', scriptless.cookies);
      reply
        .code(answered ? answered.status : rendered.status)
        .header('vary', 'Cookie, Accept-Language')
        .header('content-language', locale)
        // A page holding what the person typed, saved or was invited with is kept by no cache.
        .header('cache-control', submission || signup || queries?.length ? 'no-store' : 'no-cache')
        .type('text/html; charset=utf-8')
        .send(
          noScript
            ? withoutScripts(html, { readyAttribute: renderer.readyAttribute, ...noScript })
            : html,
        );
      return true;
    } catch (error) {
      // The browser renders the page instead: slower, never broken.
      request.log.warn({ err: error, path: joinPath }, 'server render failed');
      return false;
    }
  };

  await app.register(joinFormRoutes, {
    signups: app.signups,
    secureCookies: opts.secureCookies,
    createRateLimit: opts.signupCreateRateLimit,
    answerWithPage: async (request, reply, submission, status, signup) => {
      const answered = { submission, status, signup };
      if (await renderPage(request, reply, submission.path, answered)) return reply;
      // Without the server render (a build without it) the app's page is all there is.
      return reply.redirect(`${JOIN_BASE}${submission.path}`, 303);
    },
  });

  const appShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing file (a path whose last segment has an extension) is a 404, not the app shell.
    const lastSegment = path.split('/').pop() ?? '';
    if (lastSegment.includes('.')) return notFound(request, reply);
    reply.header('cache-control', 'no-cache');
    const joinPath = path.startsWith(`${JOIN_BASE}/`)
      ? path.slice(JOIN_BASE.length).replace(/\/$/, '')
      : undefined;
    if (joinPath === '/invite') {
      const linkToken = new URL(request.url, 'http://localhost').searchParams.get('token');
      const kept = inviteLinkCookie(linkToken, { secure: opts.secureCookies });
      if (kept) reply.header('set-cookie', kept);
    }
    if (joinPath && (await serverRendered(request, reply, joinPath))) return reply;
    const shell = joinPath ? shells.get(joinPath) : undefined;
    if (shell) return reply.type('text/html; charset=utf-8').send(shell);
    return reply.sendFile('index.html', distDir);
  };
  app.get(`${JOIN_BASE}/*`, HIDDEN, appShell);
  app.get(ACCOUNT_BASE, HIDDEN, appShell);
  app.get(`${ACCOUNT_BASE}/*`, HIDDEN, appShell);
  for (const path of Object.values(SITE_PAGE_PATHS)) app.get(path, HIDDEN, appShell);
  // Browsers ask for /favicon.ico where a page names no icon (the mailbox, a JSON answer).
  app.get('/favicon.ico', HIDDEN, (_request, reply) =>
    reply.redirect(`${JOIN_BASE}/favicon.svg`, 301),
  );
  app.get('/*', HIDDEN, notFound);
}

import { randomUUID } from 'node:crypto';
import {
  ANONYMOUS_ID_COOKIE,
  ANONYMOUS_ID_COOKIE_MAX_AGE_SECONDS,
  DISCOUNT_LINK_COOKIE,
  DUPLICATE_PARENT_COOKIE,
  type DuplicateParent,
  decodeCookieText,
  duplicateParentOfCookie,
  EXPERIMENTS,
  encodeCookieText,
  FLAG_OVERRIDES_COOKIE,
  LOOKS,
  type Locale,
  parseDiscountLink,
  RESTRICTIONS,
} from '@coparent/domain';
import type { FastifyRequest } from 'fastify';
import { readCookie, serializeCookie } from '../http/cookies.js';
import { JOIN_BASE } from '../http/join-base.js';
import type { EventsService } from '../modules/events/service.js';
import type { FlagContext } from '../modules/flags/context.js';
import { experimentArm, isRestricted } from '../modules/flags/experiment-arm.js';
import type { FlagService } from '../modules/flags/service.js';

/** A flag value as the web app's overrides hold it. */
export type FlagValue = string | boolean;

/** How the page is written, and what the server did in the app's stead. */
export type ScriptlessWrite = {
  /** The flags the page's screen reads, as decided for this visitor (overrides included). */
  flags: Record<string, FlagValue>;
  /** What the screen needs that the app would have read in the browser. */
  page: { discountSearch?: string; duplicateParent?: DuplicateParent };
  /** Set-Cookie values: the visitor's id, the tab's overrides and discount link. */
  cookies: string[];
  /** The brand-refresh look (`<html data-look>`), which the app would have set. */
  isBrandRefresh: boolean;
  /**
   * The support chat is on for this visitor (a widget that is a script by nature): /duplicate is
   * then written with the app, as before.
   */
  needsTheApp: boolean;
};

type Deps = {
  flags: Pick<FlagService, 'evaluate'>;
  events: Pick<EventsService, 'recordExposure' | 'recordPageView'>;
  /** The web app's own reading of `?flags=` (lib/flags.tsx). */
  parseFlagParam: (param: string | null) => Record<string, FlagValue>;
  secureCookies: boolean;
  /**
   * Whether this request's page view may be recorded: the same per-IP allowance as the
   * browser's own events (POST /v2/events), so a crawler or a flood of GETs serves pages but
   * stops adding rows.
   */
  mayRecordPageView: (request: FastifyRequest) => Promise<boolean>;
};

/** Ids the events API accepts as an anonymousId (and a random UUID is one). */
const ANONYMOUS_ID = /^[A-Za-z0-9_.:-]{1,200}$/;

/** The visitor's anonymous id (the cookie's, else a new one with its Set-Cookie). */
function visitorId(request: FastifyRequest, secure: boolean): { id: string; cookie?: string } {
  const kept = readCookie(request.headers.cookie, ANONYMOUS_ID_COOKIE);
  if (kept && ANONYMOUS_ID.test(kept)) return { id: kept };
  const id = randomUUID();
  const cookie = serializeCookie(ANONYMOUS_ID_COOKIE, id, {
    maxAgeSeconds: ANONYMOUS_ID_COOKIE_MAX_AGE_SECONDS,
    secure,
    // The app goes on with the same id (its analytics and flags).
    httpOnly: false,
  });
  return { id, cookie };
}

/** A session cookie the app takes into the tab's own store. */
const tabCookie = (name: string, text: string, secure: boolean) =>
  serializeCookie(name, encodeCookieText(text), { secure, httpOnly: false });

/**
 * What the app did on the landing, /coparentstatus and /duplicate, done by the server as it
 * writes them with no script (decision 052): the visitor's anonymous id (a cookie the app keeps),
 * the remove-coparent-status arm and the brand-refresh look from the flag file for that id (the
 * address's `?flags=` first, kept for the tab), the experiment's exposure and the page view
 * recorded with the id, and the discount link kept for the tab.
 */
export async function writeScriptless(
  deps: Deps,
  request: FastifyRequest,
  joinPath: string,
  locale: Locale,
): Promise<ScriptlessWrite> {
  const { secureCookies: secure } = deps;
  const url = new URL(request.url, 'http://localhost');
  const cookies: string[] = [];
  const visitor = visitorId(request, secure);
  if (visitor.cookie) cookies.push(visitor.cookie);

  // The tab's overrides: those kept from an earlier page, then the address's (which win).
  const keptFlags = decodeCookieText(readCookie(request.headers.cookie, FLAG_OVERRIDES_COOKIE));
  const addressFlags = url.searchParams.get('flags');
  if (addressFlags) {
    const merged = [keptFlags, addressFlags].filter(Boolean).join(',');
    cookies.push(tabCookie(FLAG_OVERRIDES_COOKIE, merged, secure));
  }
  const overrides = {
    ...deps.parseFlagParam(keptFlags ?? null),
    ...deps.parseFlagParam(addressFlags),
  };

  const context: FlagContext = { targetingKey: visitor.id, flow: 'join', locale };
  const path = `${JOIN_BASE}${joinPath}`;
  const flags: Record<string, FlagValue> = { ...overrides };
  const experiment = EXPERIMENTS.removeCoParentStatus;
  if (joinPath === '/signup' && !(experiment in overrides)) {
    const arm = await experimentArm(deps.flags, experiment, context);
    flags[experiment] = arm;
    // The landing reads the arm (its parents' link): exposed, as the browser's screen would be.
    await deps.events.recordExposure({
      experiment,
      variant: arm,
      anonymousId: visitor.id,
      path,
      at: new Date(),
    });
  }
  const look = LOOKS.brandRefresh;
  if (!(look in overrides)) flags[look] = await isRestricted(deps.flags, look, context);
  const needsTheApp =
    joinPath === '/duplicate' &&
    (overrides[RESTRICTIONS.supportChat] ??
      (await isRestricted(deps.flags, RESTRICTIONS.supportChat, context))) === true;

  // The discount link: the address's is kept for the tab (a later link replaces it).
  let discountSearch = decodeCookieText(readCookie(request.headers.cookie, DISCOUNT_LINK_COOKIE));
  if (parseDiscountLink(url.search)) {
    discountSearch = url.search;
    cookies.push(tabCookie(DISCOUNT_LINK_COOKIE, url.search, secure));
  }

  if (!needsTheApp && (await deps.mayRecordPageView(request))) {
    await deps.events.recordPageView({ anonymousId: visitor.id, path, at: new Date() });
  }
  const duplicateParent =
    joinPath === '/duplicate'
      ? duplicateParentOfCookie(readCookie(request.headers.cookie, DUPLICATE_PARENT_COOKIE))
      : undefined;
  return {
    flags,
    page: {
      ...(discountSearch ? { discountSearch } : {}),
      ...(duplicateParent ? { duplicateParent } : {}),
    },
    cookies,
    isBrandRefresh: flags[look] === true,
    needsTheApp,
  };
}

const SCRIPT = /<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;

/**
 * The page's document with no script to load: its module scripts and preloads removed, and
 * `<html>` saying the page is ready as written (`readyAttribute`: nothing will take it over) and
 * in the look the server chose.
 */
export function withoutScripts(
  html: string,
  { readyAttribute, isBrandRefresh }: { readyAttribute: string; isBrandRefresh: boolean },
): string {
  const look = isBrandRefresh ? ` data-look="${LOOKS.brandRefresh}"` : '';
  return html
    .replace(SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(/<html([^>]*)>/, `<html$1 ${readyAttribute}${look}>`);
}

/**
 * The join pages the server writes with their screen (in the visitor's language), so they paint
 * before any JavaScript runs and work without it; the app then takes over the same HTML.
 * Every other page is the app's shell until its JavaScript renders the screen.
 */
export const SERVER_RENDERED_PATHS: readonly string[] = [
  '/signup',
  '/coparentstatus',
  '/step1',
  '/step2',
  '/step3',
  '/alacarte',
  '/payment',
  '/duplicate',
  '/invite',
  // The professional registration: needs no signup.
  '/pro',
  // For the browser that paid, and the signup's owner (the server decides, with the paid signup).
  '/credentials',
  '/receipt',
  // For the invite the browser's HttpOnly cookie names, once it has reached the screen.
  '/invite/step1',
  '/invite/packages',
  '/invite/choose-your-own',
  '/invite/billing-info',
  '/invite/payment',
  '/invite/credentials',
  // For the browser logged in as the cookie's invited user (their credentials finished the invite).
  '/invite/receipt',
];

/** The attribute on #root that says its HTML is a server render for the app to hydrate. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/**
 * The pages the server writes with the signup the browser's cookie names (its saved answers). A
 * later step is written only with a signup that has reached it; without one it is the app's shell.
 */
export const SIGNUP_PAGE_PATHS: readonly string[] = [
  '/step1',
  '/step2',
  '/step3',
  '/alacarte',
  '/payment',
];

/**
 * The pages the server writes with no script at all (decision 052): their links and forms are
 * plain HTML, and the server does what the app did there (the visitor's id, the experiment's arm,
 * the page view, the discount link). The app still renders them after an in-app navigation.
 */
export const SCRIPTLESS_PATHS: readonly string[] = ['/signup', '/coparentstatus', '/duplicate'];

/**
 * The invited co-parent's screens after the welcome, written with the invite the browser's
 * HttpOnly `coparent_invite` cookie names (its context, its saved values, what the screen reads),
 * only for an invite that has reached the screen (`inviteScreenRedirect`); otherwise the app's
 * shell. The receipt comes once the credentials have finished the invite: it is written for the
 * browser logged in as the cookie's invited user, with their own receipt.
 */
export const INVITE_PAGE_PATHS: readonly string[] = [
  '/invite/step1',
  '/invite/packages',
  '/invite/choose-your-own',
  '/invite/billing-info',
  '/invite/payment',
  '/invite/credentials',
  // For the browser logged in as the cookie's invited user (their credentials finished the invite).
  '/invite/receipt',
];

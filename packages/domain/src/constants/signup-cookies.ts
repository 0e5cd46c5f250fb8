/**
 * Set beside the signup's HttpOnly key cookie when a step is saved by a form post (a browser whose
 * script had not run): it says, to the script, that the browser holds a signup its tab may not
 * know, so the app asks the server for it once. It holds no secret; an hour covers the next page.
 */
export const SIGNUP_POSTED_COOKIE = 'coparent_signup_posted';
export const SIGNUP_POSTED_COOKIE_MAX_AGE_SECONDS = 60 * 60;

/**
 * Set (HttpOnly, for the server alone) when the app's own page saved a step through the API, and
 * renewed at each save: within the hour the server writes the step pages with the signup the key
 * cookie names, as after a form post (docs/decisions/049).
 */
export const SIGNUP_SAVED_COOKIE = 'coparent_signup_saved';
export const SIGNUP_SAVED_COOKIE_MAX_AGE_SECONDS = 60 * 60;

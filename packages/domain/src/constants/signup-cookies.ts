/**
 * Set beside the signup's HttpOnly key cookie when a step is saved by a form post (a browser whose
 * script had not run): it says, to the script, that the browser holds a signup its tab may not
 * know, so the app asks the server for it once. It holds no secret; an hour covers the next page.
 */
export const SIGNUP_POSTED_COOKIE = 'coparent_signup_posted';
export const SIGNUP_POSTED_COOKIE_MAX_AGE_SECONDS = 60 * 60;

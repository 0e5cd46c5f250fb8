/**
 * The pages beside the funnel that every screen can link to: the legal texts, help and contact.
 * The server answers each with the web app, which shows it in the visitor's language.
 */
export const SITE_PAGE_PATHS = {
  terms: '/legal/terms',
  privacy: '/legal/privacy',
  help: '/help',
  contact: '/contact',
} as const;

export type SitePage = keyof typeof SITE_PAGE_PATHS;

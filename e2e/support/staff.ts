/**
 * The staff account of the browser tests: the e2e server's start-up seed creates it
 * (DEMO_STAFF_USERNAME and DEMO_STAFF_PASSWORD in playwright.config.ts), so the funnel report is
 * read without any HTTP route that grants staff. Production refuses those variables.
 */
export const E2E_STAFF = { username: 'e2e_staff', password: 'Report-Reader-42' } as const;

import { expect } from '@playwright/test';

/**
 * The second e2e server, for the resume email only (e2e/resume-link.spec.ts): its resume emails
 * leave seconds after a signup's last save instead of an hour. The main server keeps the hour, so
 * the signups every other spec leaves behind do not fill the local mailbox with resume emails.
 */
const mainPort = Number(process.env.E2E_PORT ?? 3100);
export const RESUME_SERVER_PORT = Number(process.env.E2E_RESUME_PORT ?? mainPort + 1);
export const RESUME_SERVER_URL = `http://127.0.0.1:${RESUME_SERVER_PORT}`;
export const RESUME_SERVER_ENV = {
  SIGNUP_RESUME_EMAIL_DELAY_SECONDS: '3',
  SIGNUP_RESUME_INTERVAL_SECONDS: '1',
};

/**
 * Waits until the resume server answers: Playwright starts it beside the main server without
 * waiting for it (playwright.config.ts), so the spec that uses it waits here, as long as a start-up
 * on a loaded machine may take.
 */
export async function waitForResumeServer() {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${RESUME_SERVER_URL}/healthz`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 180_000, intervals: [250, 500, 1000] },
    )
    .toBe(200);
}

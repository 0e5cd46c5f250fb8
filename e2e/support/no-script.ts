import { type Browser, expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import type { Language } from './i18n';

/** The browser's own language setting (what it sends as Accept-Language). */
export const browserLocale = (lang: Language) => (lang === 'en' ? 'en-US' : lang);

/** A browser whose pages run no script, in the visitor's language. */
export async function browserWithoutScripts(browser: Browser, lang: Language) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    locale: browserLocale(lang),
  });
  return { context, page: await context.newPage() };
}

/**
 * axe is a script: it checks the same page (its HTML as the server answered it, the cookies, the
 * language) in a browser whose app scripts never arrive and whose `<noscript>` parts are shown.
 */
export async function expectAccessibleWithoutScripts(
  browser: Browser,
  page: Page,
  lang: Language,
  label: string,
) {
  const html = await page.content();
  const context = await browser.newContext({ locale: browserLocale(lang) });
  await context.addCookies(await page.context().cookies());
  await context.route('**/*.js', (route) => route.abort());
  await context.route(page.url(), (route) =>
    route.fulfill({ body: html.replace(/<\/?noscript>/g, ''), contentType: 'text/html' }),
  );
  const copy = await context.newPage();
  await copy.goto(page.url());
  await expect(copy.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(copy, label);
  await context.close();
}

/** Posts the page's form by its button and answers the response (its status). */
export async function submitWithoutScript(page: Page, button: string | RegExp) {
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().includes('/app/join/'),
  );
  await page.getByRole('button', { name: button, exact: typeof button === 'string' }).click();
  const response = await answered;
  await page.waitForLoadState();
  return response;
}

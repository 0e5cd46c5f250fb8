import { expect, type Page } from '@playwright/test';
import { type Language, t } from './i18n';

// Parent A's way to the package step, shared by the browser specs that start at /step3.

export const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

export type PhoneChoice = {
  /** The step-1 phone code option (the domain's PhoneCodeId). */
  code: 'US_CANADA' | 'UNITED_KINGDOM' | 'MEXICO';
  number: string;
};

export const US_PHONE: PhoneChoice = { code: 'US_CANADA', number: '5551234567' };
export const UK_PHONE: PhoneChoice = { code: 'UNITED_KINGDOM', number: '7700900123' };
export const MX_PHONE: PhoneChoice = { code: 'MEXICO', number: '5512345678' };

/**
 * On a page the server rendered, waits until the app has taken it over (what a person then uses):
 * after opening one, or after a click from a page written with no script loaded one.
 */
export async function waitForTheApp(page: Page) {
  if ((await page.locator('#root[data-server-rendered]').count()) > 0) {
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  }
}

export async function openJoin(page: Page, lang: Language, path = '/signup') {
  await page.goto(`/app/join${path}`);
  // The app starts after the load event: a person sees the page before moving on, and so must we,
  // or the screen's `?flags=` and language never reach the tab. A page the server rendered is
  // seen at once: wait for the app to take it over (pages of a context made by the spec itself
  // do not get the `page` fixture's wait).
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await waitForTheApp(page);
  if (lang !== 'en') await chooseLanguage(page, lang);
}

/**
 * Chooses the language in the header's menu (from English). A page written with no script (the
 * landing, /coparentstatus, /duplicate) shows the menu's "Change language" button: pressed, the
 * server writes the page again in that language.
 */
export async function chooseLanguage(page: Page, lang: Language) {
  await page.getByLabel(t('en', 'header.language')).selectOption(lang);
  const change = page.getByRole('button', { name: t('en', 'header.changeLanguage') });
  if (await change.isVisible()) {
    await change.click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  }
}

export type FunnelPeople = { parentEmail: string; coParentEmail: string };

/** Fills step 1 (on /step1) with a new parent email and answers "Yes" to knowing the co-parent's. */
export async function fillStepOne(page: Page, lang: Language, phone: PhoneChoice = US_PHONE) {
  const parentEmail = `parent.${unique()}@example.com`;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'stepOne.title'));
  await page.getByLabel(t(lang, 'stepOne.firstName')).fill('Ana');
  await page.getByLabel(t(lang, 'stepOne.lastName')).fill('García');
  await page.getByLabel(t(lang, 'stepOne.email')).fill(parentEmail);
  await page.getByLabel(t(lang, 'phone.countryCode')).selectOption(phone.code);
  await page.getByLabel(t(lang, 'phone.number')).fill(phone.number);
  await page
    .getByRole('group', { name: t(lang, 'stepOne.knowsCoParentEmail') })
    .getByLabel(t(lang, 'common.yes'))
    .check();
  return parentEmail;
}

/** Fills step 2 (on /step2): the co-parent Luis Pérez with a new email and one child, Sofía. */
export async function fillStepTwo(page: Page, lang: Language) {
  const coParentEmail = `coparent.${unique()}@example.com`;
  const coParent = page.getByRole('group', { name: t(lang, 'stepTwo.coParentLegend') });
  await coParent.getByLabel(t(lang, 'stepTwo.firstName')).fill('Luis');
  await coParent.getByLabel(t(lang, 'stepTwo.lastName')).fill('Pérez');
  await coParent.getByLabel(t(lang, 'stepTwo.email'), { exact: false }).fill(coParentEmail);
  const child = page.getByRole('group', { name: t(lang, 'stepTwo.childLegend', { number: '1' }) });
  await child.getByLabel(t(lang, 'stepTwo.firstName')).fill('Sofía');
  await child.getByLabel(t(lang, 'stepTwo.lastName')).fill('Pérez');
  return coParentEmail;
}

/**
 * Fills step 1 and step 2 from /step1 and lands on /step3 (or, when a package was chosen on the
 * pricing page, wherever /step3 sends the person: pass `landsOn`). Answers the emails it typed.
 */
export async function completeStepsOneAndTwo(
  page: Page,
  lang: Language,
  phone: PhoneChoice = US_PHONE,
  { landsOn }: { landsOn?: RegExp } = {},
): Promise<FunnelPeople> {
  await page.goto('/app/join/step1');
  // A page of a context the spec made has not the `page` fixture's wait.
  await waitForTheApp(page);
  const parentEmail = await fillStepOne(page, lang, phone);
  await page.getByRole('button', { name: t(lang, 'common.continue') }).click();

  await expect(page).toHaveURL(/\/step2$/);
  const coParentEmail = await fillStepTwo(page, lang);
  await page.getByRole('button', { name: t(lang, 'common.continue') }).click();

  if (landsOn) {
    await expect(page).toHaveURL(landsOn);
    return { parentEmail, coParentEmail };
  }
  await expect(page).toHaveURL(/\/step3$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'stepThree.title'));
  return { parentEmail, coParentEmail };
}

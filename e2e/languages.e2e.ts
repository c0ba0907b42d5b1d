// Kindred in English, Chinese and French (issue 27), in the browser: the first visit follows the
// browser's language, the footer's switcher changes every word and the page's lang attribute, the
// choice survives a reload (a cookie for visitors) and follows a member to a new device (kept on
// the account). Chinese screens are checked for English left behind. Walked at 390 and 1280 px,
// with axe on each.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { Page } from 'playwright-core';

import { expectAccessiblePage, waitForSettled } from './axe.js';
import { leo, mia } from './cast.js';
import { openPage, screenshot, useServerAndBrowser } from './harness.js';
import { completeMember, grantAdmin, password, signUp } from './members.js';

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 800 } };

const htmlLang = async (page: Page) => (await page.evaluate('document.documentElement.lang')) as string;

/**
 * Latin words of three letters or more in the page's visible text, besides `allowed` (names,
 * the product's name): on a Chinese page, English left behind. Hidden text and form values are not text.
 */
async function englishLeft(page: Page, allowed: string[]): Promise<string[]> {
  // E-mail and web addresses, settings' names (SMTP_URL) and acronyms (NFC, VIP, CAD) are not words of the page.
  const text = ((await page.evaluate('document.body.innerText')) as string).replace(/\S+@\S+|https?:\/\/\S+|\b[A-Z][A-Z0-9_]+\b/g, ' ');
  const words = text.match(/\p{Script=Latin}[\p{Script=Latin}'’-]{2,}/gu) ?? [];
  const ok = new Set(allowed.map((word) => word.toLowerCase()));
  return [...new Set(words.filter((word) => !ok.has(word.toLowerCase())))];
}

/** The product's name, the languages named in their own words, and the landing page's example students. */
const brandWords = ['Kindred', 'English', 'Français', 'Maya', 'Leo', 'Priya', 'Jordan', 'Sofia'];

void describe('languages, in the browser', () => {
  const env = useServerAndBrowser({ needsDataDir: true });

  void it('a first visit reads the browser\'s language: a Chinese browser gets Chinese, with no English left on the landing page', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { ...phone, locale: 'zh-CN' });
    try {
      await page.goto(url);
      await page.getByRole('combobox', { name: '语言' }).waitFor();
      assert.equal(await htmlLang(page), 'zh-Hans');
      await page.getByRole('link', { name: '隐私政策' }).waitFor();
      assert.deepEqual(await englishLeft(page, brandWords), []);
      await expectAccessiblePage(page, 'landing in Chinese at 390 px');
      await screenshot(page, 'languages-landing-zh-390');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('the privacy policy reads in Chinese, says the English binds, and downloads as a Chinese PDF', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { ...desktop, locale: 'zh-CN', acceptDownloads: true });
    try {
      await page.goto(`${url}/privacy-policy`);
      await page.getByTestId('legal-binding').waitFor();
      await page.getByRole('heading', { name: '隐私政策', level: 1 }).waitFor();
      await expectAccessiblePage(page, 'privacy policy in Chinese at 1280 px');
      await screenshot(page, 'languages-privacy-zh-1280');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '下载 PDF' }).click()]);
      assert.match(download.suggestedFilename(), /privacy-policy\.zh-Hans\.pdf$/);
      // The English text on request, the rest of the page staying Chinese.
      await page.getByRole('button', { name: '阅读英文版本' }).click();
      await page.getByTestId('legal-binding').waitFor({ state: 'detached' });
      assert.equal(await htmlLang(page), 'zh-Hans');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('the footer\'s switcher turns the page French, and a reload keeps it', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { ...desktop, locale: 'en-US' });
    try {
      await page.goto(url);
      const menu = page.getByRole('combobox', { name: 'Language' });
      await menu.selectOption('fr');
      await page.getByRole('combobox', { name: 'Langue' }).waitFor();
      assert.equal(await htmlLang(page), 'fr');
      await page.getByRole('link', { name: 'Politique de confidentialité' }).waitFor();
      await page.reload();
      await page.getByRole('combobox', { name: 'Langue' }).waitFor();
      assert.equal(await htmlLang(page), 'fr');
      await expectAccessiblePage(page, 'landing in French at 1280 px');
      await screenshot(page, 'languages-landing-fr-1280');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('a member\'s language is kept on the account: a new device shows it after sign-in', async () => {
    const { server, url, browser } = env();
    const first = await openPage(browser, { ...desktop, locale: 'en-US' });
    let email: string;
    try {
      email = await signUp(first.page, server, 'e2e-lang');
      const chosen = await first.page.request.put(`${url}/api/account/language`, { data: { language: 'zh-Hans' } });
      assert.equal(chosen.status(), 200);
    } finally {
      await first.close();
    }
    const other = await openPage(browser, { ...phone, locale: 'fr-CA' });
    try {
      const { page } = other;
      await page.goto(url);
      assert.equal(await htmlLang(page), 'fr', 'a French browser first');
      const signIn = await page.request.post(`${url}/api/auth/login`, { data: { email, password } });
      assert.equal(signIn.status(), 200);
      await page.goto(`${url}/onboarding`);
      await page.locator('html[lang="zh-Hans"]').waitFor({ state: 'attached' });
      await expectAccessiblePage(page, 'onboarding after sign-in on a French browser, member chose Chinese, 390 px');
      await screenshot(page, 'languages-new-device-zh-390');
      assert.deepEqual(other.errors, []);
    } finally {
      await other.close();
    }
  });
});

/**
 * The main flow in each language, as a member and as the administrator: every screen at 390 and
 * 1280 px, axe on each, and on the Chinese screens no English left besides names, member content
 * and the product's name.
 */
const adminEmail = 'e2e-languages-admin@example.com';
process.env.ADMIN_EMAIL = adminEmail;

/**
 * Words the members and the sample data bring (member content), never the app's own; and keys
 * named as the keyboard names them, file formats and brands, which are the same words in Chinese.
 */
const memberWords = [...brandWords, 'Enter', 'Shift', 'Instagram', 'Stripe', 'Cron', 'outbox', 'Mia', 'Chen', 'Leo', 'Park', 'Ada', 'Admin', 'Vancouver', 'Student', 'Sunrise', 'ridge', 'trail', 'last', 'Saturday', 'Who', 'for', 'the', 'next', 'one', 'Looking', 'hiking', 'crew', 'weekend', 'bring', 'snacks'];

const mainFlow: { path: string; name: string; as: 'visitor' | 'onboarding' | 'member' | 'admin' }[] = [
  { path: '/', name: 'landing', as: 'visitor' },
  { path: '/auth?mode=signup', name: 'sign-up', as: 'visitor' },
  { path: '/onboarding', name: 'onboarding', as: 'onboarding' },
  { path: '/search', name: 'search', as: 'member' },
  { path: '/mailbox', name: 'mailbox', as: 'member' },
  { path: '/settings', name: 'settings', as: 'member' },
  { path: '/general', name: 'general', as: 'member' },
  { path: '/admin', name: 'admin', as: 'admin' },
];

void describe('the main flow in each language', () => {
  const env = useServerAndBrowser({ needsDataDir: true });
  type State = Awaited<ReturnType<Page['context']>['storageState']>;
  const states: Partial<Record<'onboarding' | 'member' | 'admin', Awaited<ReturnType<State>>>> = {};

  void it('sets up a member onboarding, two complete members and the administrator', async () => {
    const { server, browser } = env();
    const { page, close } = await openPage(browser);
    try {
      await signUp(page, server, 'e2e-lang-onboarding');
      states.onboarding = await page.context().storageState();
    } finally {
      await close();
    }
    for (const [key, spec] of [['member', mia], ['other', leo], ['admin', { ...leo, name: 'Ada Admin', email: adminEmail }]] as const) {
      const opened = await openPage(browser);
      try {
        await completeMember(opened.page, server, spec, 'e2e-lang');
        if (key !== 'other') states[key] = await opened.page.context().storageState();
      } finally {
        await opened.close();
      }
    }
    grantAdmin(server, adminEmail);
  });

  void it('a Chinese member searches in Chinese and reads in Chinese why each person matches, and their profile', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { ...desktop, storageState: states.member, locale: 'zh-CN' });
    try {
      assert.equal((await page.request.put(`${url}/api/account/language`, { data: { language: 'zh-Hans' } })).status(), 200);
      await page.goto(`${url}/search`);
      const box = page.getByRole('textbox', { name: '你想找什么样的人？' });
      await box.fill('周末一起去徒步和攀岩的朋友');
      await box.press('Enter');
      const grid = page.getByRole('list', { name: '搜索结果' });
      await grid.waitFor({ timeout: 20_000 });
      await waitForSettled(page);
      assert.deepEqual(await englishLeft(page, memberWords), [], 'English left on the results');
      await expectAccessiblePage(page, 'search results in Chinese at 1280 px');
      await screenshot(page, 'languages-search-results-zh-Hans-1280');
      await grid.getByTestId('result-card').first().click();
      await page.getByRole('dialog').waitFor();
      await waitForSettled(page);
      await expectAccessiblePage(page, 'a profile in Chinese at 1280 px');
      await screenshot(page, 'languages-profile-zh-Hans-1280');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  for (const language of ['zh-Hans', 'fr'] as const) {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      void it(`every screen of the main flow speaks ${language} at ${viewport.width} px`, async () => {
        const { url, browser } = env();
        for (const step of mainFlow) {
          const storageState = step.as === 'visitor' ? undefined : states[step.as];
          const { page, errors, close } = await openPage(browser, { viewport, storageState, locale: language === 'fr' ? 'fr-CA' : 'zh-CN' });
          try {
            // Members choose on the account (the session then turns the app); visitors by their browser.
            if (step.as !== 'visitor') assert.equal((await page.request.put(`${url}/api/account/language`, { data: { language } })).status(), 200);
            await page.goto(`${url}${step.path}`);
            await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
            await waitForSettled(page);
            if (language === 'zh-Hans') assert.deepEqual(await englishLeft(page, memberWords), [], `English left on ${step.name}`);
            await expectAccessiblePage(page, `${step.name} in ${language} at ${viewport.width} px`);
            await screenshot(page, `languages-${step.name}-${language}-${viewport.width}`);
            assert.deepEqual(errors, [], `${step.name}: no console errors`);
          } finally {
            await close();
          }
        }
      });
    }
  }
});

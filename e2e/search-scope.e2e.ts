// Who a search shows, in the browser (issue 34): with the campus sign-in configured (a real OpenID
// provider, as in campus-sign-in.e2e.ts), the results offer a "Campus-verified only" chip and a
// "Show everyone" switch. By default a member whose own wishes leave the searcher out (here: Jo,
// after a partner only, for a search for hiking company) is not shown; the switch shows her; the
// chip keeps only the member who signed in with the campus account. At 390 and 1280 px, axe at each step.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

import type { CampusIdp } from '../server/test/campus-idp.js';
import { expectAccessiblePage } from './axe.js';
import { type CampusProvider, startCampusProvider } from './campus-provider.js';
import { ana, mia, viewports } from './cast.js';
import { launchBrowser, openPage, type RunningServer, screenshot, startServer } from './harness.js';
import { completeMember, completeProfile, type MemberSpec } from './members.js';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** Signs in with the campus account: campus-verified. Hikes and wants company for it. */
const rue: MemberSpec = {
  name: 'Rue Tanaka',
  gender: 'female',
  answers: [
    'Hiking, camping and photography',
    'Long hikes on weekends and camping trips',
    'Calm and curious',
    'Small groups, weekends',
    'Someone to go hiking with on weekends. Kindness matters to me',
  ],
  moment: 'Fog over the lake at the trailhead this morning.',
};

/** Hikes too, but looks for a partner only: her wishes leave out a search for hiking company. */
const jo: MemberSpec = {
  name: 'Jo Marsh',
  gender: 'female',
  answers: [
    'Hiking, climbing and photography',
    'Long hikes on weekends and bouldering',
    'Warm and steady',
    'One on one, weekends',
    'A long-term partner, someone special. Kindness matters to me',
  ],
  moment: 'Summit selfie, windy but worth it.',
};

const query = 'someone to go hiking with on weekends';
let idp: CampusIdp;
let server: RunningServer;
let browser: Browser;
let provider: CampusProvider;
let searcher: StorageState | undefined;

/** A result card's button: its name starts with the member's ("Mia Chen, 23, …"). */
const card = (page: Page, spec: MemberSpec) => page.getByRole('button', { name: new RegExp(`^${spec.name},`) });

/** The members on the result cards, sorted. */
async function shown(page: Page): Promise<string[]> {
  const labels = await page.getByTestId('result-card').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return [ana, mia, rue, jo].map((spec) => spec.name).filter((name) => labels.some((label) => label.startsWith(`${name},`))).sort();
}

/** Waits for the next POST /api/search and returns what it asked for. */
function nextSearch(page: Page): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((request) => new URL(request.url()).pathname === '/api/search' && request.method() === 'POST')
    .then((request) => request.postDataJSON() as Record<string, unknown>);
}

void describe('who a search shows: campus-verified only, show everyone', { skip: process.env.E2E_BASE_URL ? 'needs its own server' : false }, () => {
  before(async () => {
    provider = await startCampusProvider();
    idp = provider.idp;
    server = await startServer({ port: provider.port });
    browser = await launchBrowser();

    for (const spec of [mia, jo]) {
      const { page, close } = await openPage(browser);
      try {
        await completeMember(page, server, spec, 'e2e-scope');
      } finally {
        await close();
      }
    }
    // Rue signs in with the campus account, then completes her profile.
    const campus = await openPage(browser, { ignoreHTTPSErrors: true });
    try {
      await campus.page.goto(`${server.url}/auth`);
      await campus.page.getByRole('link', { name: 'Sign in with your campus account' }).click();
      await campus.page.waitForURL(`${idp.issuer}/**`);
      await campus.page.locator('input[name="login"]').fill(`rue-${String(Date.now())}@example.edu`);
      await campus.page.locator('input[name="password"]').fill('anything');
      await campus.page.locator('button[type="submit"]').click();
      await campus.page.waitForURL(`${server.url}/onboarding`);
      await completeProfile(campus.page, server, rue);
    } finally {
      await campus.close();
    }
    const { page, close } = await openPage(browser);
    try {
      await completeMember(page, server, ana, 'e2e-scope');
      searcher = await page.context().storageState();
    } finally {
      await close();
    }
  });
  after(async () => {
    await browser.close();
    await server.stop();
    await provider.close();
  });

  for (const viewport of viewports) {
    void it(`leaves out members whose wishes exclude the searcher; the switch shows them, the chip keeps the campus-verified (${viewport.name})`, async () => {
      const { page, errors, close } = await openPage(browser, { viewport, hasTouch: viewport.name === 'phone', storageState: searcher });
      try {
        await page.goto(`${server.url}/search`);
        const box = page.getByRole('textbox', { name: 'Who do you want to find?' });
        await box.fill(query);
        const first = nextSearch(page);
        await box.press('Enter');
        assert.deepEqual(await first, { query }, 'a default search asks for nothing more');
        await card(page, mia).waitFor();
        assert.deepEqual(await shown(page), [mia.name, rue.name].sort(), 'Jo looks for a partner only: not shown');

        const controls = page.getByRole('group', { name: 'Who to show' });
        const chip = controls.getByRole('checkbox', { name: 'Campus-verified only' });
        const everyone = controls.getByRole('switch', { name: 'Show everyone' });
        assert.equal(await chip.isChecked(), false);
        assert.equal(await everyone.isChecked(), false);
        await expectAccessiblePage(page, `search results with who to show (${viewport.name})`);
        await screenshot(page, `search-scope-default-${viewport.name}`);

        // Show everyone: the same search again, Jo too.
        let asked = nextSearch(page);
        await everyone.click({ force: true }); // not check(): the switch turns once the results are in
        assert.deepEqual(await asked, { query, showEveryone: true });
        await card(page, jo).waitFor();
        assert.deepEqual(await shown(page), [jo.name, mia.name, rue.name].sort());
        assert.equal(await everyone.isChecked(), true);
        await screenshot(page, `search-scope-everyone-${viewport.name}`);

        // Campus-verified only: Rue alone; the switch is kept.
        asked = nextSearch(page);
        await controls.locator('label').filter({ hasText: 'Campus-verified only' }).click(); // the chip's label: its input is hidden
        assert.deepEqual(await asked, { query, verifiedOnly: true, showEveryone: true });
        await card(page, mia).waitFor({ state: 'detached' });
        assert.deepEqual(await shown(page), [rue.name]);
        assert.equal(await chip.isChecked(), true);
        await expectAccessiblePage(page, `campus-verified only (${viewport.name})`);
        await screenshot(page, `search-scope-verified-${viewport.name}`);

        // Both are kept for the next search.
        await page.getByRole('button', { name: 'New search' }).click();
        await box.fill(query);
        asked = nextSearch(page);
        await box.press('Enter');
        assert.deepEqual(await asked, { query, verifiedOnly: true, showEveryone: true });
        await card(page, rue).waitFor();
        assert.deepEqual(await shown(page), [rue.name]);
        assert.equal(await page.getByRole('checkbox', { name: 'Campus-verified only' }).isChecked(), true);
        assert.deepEqual(errors.filter((error) => !/status of 4\d\d/.test(error)), []);
      } finally {
        await close();
      }
    });
  }

  const words = {
    fr: { box: 'Qui voulez-vous trouver\u202f?', group: 'Qui afficher', chip: 'Vérifiés par le campus uniquement', everyone: 'Montrer tout le monde', locale: 'fr-CA', viewport: viewports[0] },
    'zh-Hans': { box: '你想找什么样的人？', group: '显示哪些人', chip: '只看校园认证成员', everyone: '显示所有人', locale: 'zh-CN', viewport: viewports[1] },
  } as const;
  for (const [language, word] of Object.entries(words)) {
    void it(`speaks ${language} (${word.viewport.name})`, async () => {
      const { page, errors, close } = await openPage(browser, { viewport: word.viewport, storageState: searcher, locale: word.locale });
      try {
        assert.equal((await page.request.put(`${server.url}/api/account/language`, { data: { language } })).status(), 200);
        await page.goto(`${server.url}/search`);
        const box = page.getByRole('textbox', { name: word.box });
        await box.fill(query);
        await box.press('Enter');
        const controls = page.getByRole('group', { name: word.group });
        await controls.getByRole('switch', { name: word.everyone }).waitFor({ state: 'attached' });
        await controls.getByRole('checkbox', { name: word.chip }).waitFor({ state: 'attached' });
        await expectAccessiblePage(page, `who to show in ${language} (${word.viewport.name})`);
        await screenshot(page, `search-scope-${language}-${word.viewport.name}`);
        assert.deepEqual(errors.filter((error) => !/status of 4\d\d/.test(error)), []);
      } finally {
        await close();
      }
    });
  }
});

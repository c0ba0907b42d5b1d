// /search against the real server: members made complete through the API (basic information, the
// built-in interviewer's chat, a text first moment), then one of them searches in the browser,
// opens a profile, likes it, closes it, goes back with a background tap (the daily check-in),
// switches to moment mode, posts a text and a photo moment through the upload dialog, deletes them
// on /moment-history, and sees their search background.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';

import type { Page } from 'playwright-core';

import { expectNoAxeViolations, waitForExpression, waitForSettled } from './axe.js';
import { openPage, screenshot, useServerAndBrowser } from './harness.js';
import { ana, leo, mia, sam, viewports } from './cast.js';
import { completeMember, goldenHour, signUpWithBasicInfo } from './members.js';
import type { MemberSpec } from './members.js';

const others: MemberSpec[] = [mia, leo, sam];
const searcher = ana;

// Only used when the server has no POST /api/search yet (it answered 404): results shaped like the contract.
function stubResults() {
  return {
    query: 'someone to go hiking with on weekends',
    intent: 'activity_partner',
    results: others.map((spec, index) => ({
      id: randomUUID(),
      userId: randomUUID(),
      name: spec.name,
      age: 22 + index,
      location: 'Vancouver, BC, Canada',
      profession: 'Student',
      matchPercentage: 91.5 - index * 6,
      avatarUrl: null,
      bio: spec.answers[0],
      enhancedBackground: spec.answers.join('. '),
      interests: ['hiking', 'photography'],
      whyMatch: 'You both love weekend hikes.',
      isVip: index === 0,
      contactInfo: { available: false },
      connectionType: 'activity_partner',
      personalityType: null,
      socialStyle: null,
      relationshipStyle: null,
      coreValues: [],
      personalityMatch: 70,
      lifestyleAlignment: 65,
      growthPotential: 60,
      vectorSimilarity: 0.8,
      firstMoment: { type: 'text', imageUrl: null, videoUrl: null, textContent: spec.moment, caption: null },
      analysisStatus: 'pending',
    })),
  };
}

async function shoot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
}

async function expectToast(page: Page, title: string): Promise<void> {
  await page.getByRole('alert').filter({ has: page.getByText(title, { exact: true }) }).last().waitFor();
}

function unexpectedErrors(errors: string[]): string[] {
  return errors.filter((error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error));
}

const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Who do you want to find?' });

// A tap on the page background: the left margin near the bottom is neither a control nor a card
// (the top centre is where toasts appear).
async function tapBackground(page: Page): Promise<void> {
  const height = page.viewportSize()?.height ?? 844;
  await page.mouse.click(5, height - 20);
}

const story = 'Found a quiet corner of the library with a board game shelf. Who is up for Catan on Friday?';
const photoCaption = 'Golden hour from the roof garden';

/** The upload dialog's type switch (a segmented control: its radios are hidden behind labels). */
async function chooseType(page: Page, type: 'Image' | 'Video' | 'Text'): Promise<void> {
  await page.getByRole('dialog', { name: 'Share a Moment' }).locator('label').filter({ hasText: new RegExp(`^${type}$`) }).click();
}

async function openMomentMenu(page: Page, item: 'Image' | 'Video' | 'Text' | 'History'): Promise<void> {
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/**
 * Moment mode's upload dialog: the spec's checks (text needs content, a photo needs a file), a
 * text moment, then a photo with a caption. Returns the photo's URL.
 */
async function postMoments(page: Page, width: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Share a Moment' });
  await openMomentMenu(page, 'Text');
  await dialog.getByRole('textbox', { name: 'Your story' }).waitFor();
  await dialog.getByRole('button', { name: 'Post' }).click();
  await expectToast(page, 'Content Required');
  await page.getByText('Please enter some text content', { exact: true }).waitFor();
  // The type can be switched in the dialog; an image without a file is refused too.
  await chooseType(page, 'Image');
  await dialog.getByRole('button', { name: 'Post' }).click();
  await expectToast(page, 'File Required');
  await page.getByText('Please select an image to upload', { exact: true }).waitFor();
  await dialog.getByLabel('Choose images').waitFor({ state: 'attached' });
  await shoot(page, `moment-dialog-no-file-${width}`);
  await chooseType(page, 'Text');
  await dialog.getByRole('textbox', { name: 'Your story' }).fill(story);
  await shoot(page, `moment-dialog-text-${width}`);
  await dialog.getByRole('button', { name: 'Post' }).click();
  await expectToast(page, 'Posted Successfully');
  await dialog.waitFor({ state: 'detached' });

  // A photo with a caption; several may be chosen, only the first is posted.
  const posted = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/moments' && response.request().method() === 'POST');
  await openMomentMenu(page, 'Image');
  await dialog.getByLabel('Choose images').setInputFiles([
    { name: 'roof.png', mimeType: 'image/png', buffer: await goldenHour() },
    { name: 'second.png', mimeType: 'image/png', buffer: await goldenHour() },
  ]);
  await dialog.getByText('2 photos chosen · only the first is posted').waitFor();
  await dialog.getByRole('textbox', { name: 'Caption' }).fill(photoCaption);
  await shoot(page, `moment-dialog-image-${width}`);
  await dialog.getByRole('button', { name: 'Post' }).click();
  const response = await posted;
  assert.equal(response.status(), 201, await response.text());
  const photo = (await response.json()) as { imageUrl: string; caption: string };
  assert.equal(photo.caption, photoCaption);
  await expectToast(page, 'Posted Successfully');
  await dialog.waitFor({ state: 'detached' });
  return photo.imageUrl;
}

/** /moment-history: both moments, newest first; each deleted through the confirmation; then the empty state. */
async function manageHistory(page: Page, width: string): Promise<void> {
  await openMomentMenu(page, 'History');
  await page.waitForURL((url) => url.pathname === '/moment-history');
  const list = page.getByRole('list', { name: 'Your moments' });
  await list.waitFor();
  const items = list.getByRole('listitem');
  assert.equal(await items.count(), 2);
  assert.equal(await items.nth(0).getAttribute('aria-label'), 'Image moment', 'newest first');
  await items.nth(0).getByText(photoCaption, { exact: true }).waitFor();
  assert.match((await items.nth(0).locator('img').getAttribute('src')) ?? '', /^\/uploads\/[0-9a-f]{32}\.png$/);
  await items.nth(1).getByText(story, { exact: true }).waitFor();
  await waitForExpression(page, '[...document.querySelectorAll("main img")].every((img) => img.complete)', 'the moment pictures to load');
  await shoot(page, `moment-history-${width}`);

  const confirm = page.getByRole('dialog', { name: 'Delete Moment?' });
  for (let left = 2; left > 0; left--) {
    await items.first().getByRole('button', { name: 'Delete moment' }).click();
    await confirm.getByText('This action cannot be undone. This will permanently delete your moment.').waitFor();
    if (left === 2) await shoot(page, `moment-history-delete-${width}`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Deleted');
    await confirm.waitFor({ state: 'detached' });
    await waitForExpression(page, `document.querySelectorAll('[aria-label="Your moments"] > li').length === ${String(left - 1)}`, 'the deleted moment to leave the list');
  }
  await page.getByRole('heading', { name: 'No moments yet' }).waitFor();
  await page.getByText('Start sharing your moments from the main page!', { exact: true }).waitFor();
  await shoot(page, `moment-history-empty-${width}`);

  // Back goes to /search.
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForURL((url) => url.pathname === '/search');
}

void describe('search', () => {
  const env = useServerAndBrowser({ needsDataDir: true });
  /** Endpoints the server did not have yet when this ran (answered 404), stubbed in the browser. */
  const missing: string[] = [];

  before(async () => {
    const { server, browser } = env();
    for (const spec of others) {
      const { page, close } = await openPage(browser);
      try {
        await completeMember(page, server, spec, 'e2e-srch');
        if (spec === others[0]) {
          const probe = await page.request.post(`${server.url}/api/search`, { data: { query: 'hiking' } });
          if (probe.status() === 404) missing.push('search');
        }
      } finally {
        await close();
      }
    }
  });

  void it('sends a signed-out visitor to /auth', async () => {
    const { server, browser } = env();
    const { page, close } = await openPage(browser);
    try {
      await page.goto(`${server.url}/search`);
      await page.waitForURL((url) => url.pathname === '/auth');
      assert.equal(new URL(page.url()).searchParams.get('redirect'), '/search');
    } finally {
      await close();
    }
  });

  void it('sends a member whose profile is not complete to /onboarding', async () => {
    const { server, browser } = env();
    const { page, close } = await openPage(browser);
    try {
      await signUpWithBasicInfo(page, server, 'e2e-srch');
      await page.goto(`${server.url}/search`);
      await page.waitForURL((url) => url.pathname === '/onboarding');
    } finally {
      await close();
    }
  });

  for (const viewport of viewports) {
    const width = String(viewport.width);
    const phone = viewport.name === 'phone';

    void it(`searches, opens a profile, likes it and goes back at ${width} px`, async () => {
      const { server, browser } = env();
      const { page, errors, close } = await openPage(browser, { viewport: { width: viewport.width, height: viewport.height }, hasTouch: phone });
      try {
        await completeMember(page, server, searcher, 'e2e-srch');
        if (missing.includes('search')) {
          await page.route('**/api/search', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(stubResults()) }));
        }
        const searches: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname === '/api/search') searches.push(request.postData() ?? '');
        });

        await page.goto(`${server.url}/search`);
        const productName = (await page.locator('meta[name="product-name"]').getAttribute('content'))?.trim() ?? '';
        const box = searchBox(page);
        await box.waitFor();
        assert.equal(await box.getAttribute('placeholder'), `Tell ${productName} who you want to find...`);
        const bubble = page.getByTestId('suggestion');
        await bubble.waitFor();
        assert.ok(((await bubble.textContent()) ?? '').trim().length > 10, 'a suggestion is shown');
        await page.getByRole('status', { name: /day streak$/ }).waitFor();
        await page.getByRole('button', { name: 'Open menu' }).waitFor();
        await shoot(page, `search-idle-${width}`);

        // The menu.
        await page.getByRole('button', { name: 'Open menu' }).click();
        for (const item of ['Account', 'General', 'Tap', 'Mail box', 'Sign Out']) await page.getByRole('menuitem', { name: item }).waitFor();
        await shoot(page, `search-menu-${width}`);
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'detached' });

        // A blank query is not sent.
        await box.fill('   ');
        await box.press('Enter');
        assert.equal(await page.getByRole('button', { name: 'Find' }).isDisabled(), true);
        // (The next search is the first one sent: asserted below, once its results show.)

        // Shift+Enter is a new line, Enter submits.
        await box.fill('someone to go hiking');
        await box.press('Shift+Enter');
        assert.equal(await box.inputValue(), 'someone to go hiking\n');
        await box.fill('someone to go hiking with on weekends');
        await box.press('Enter');
        const grid = page.getByRole('list', { name: 'Search results' });
        await grid.waitFor({ timeout: 20_000 });
        assert.equal(searches.length, 1);
        assert.deepEqual(JSON.parse(searches[0] ?? '{}'), { query: 'someone to go hiking with on weekends' });
        const cards = grid.getByTestId('result-card');
        assert.ok((await cards.count()) >= 1, 'at least one result');
        // 2 columns on phones, up to 5 on wide screens (never more columns than results).
        // (The grid measures its width after the first paint, so wait for it to settle.)
        const columns = String(phone ? 2 : Math.max(2, Math.min(5, await cards.count())));
        await waitForExpression(page, `document.querySelector('[aria-label="Search results"]')?.getAttribute('data-columns') === '${columns}'`, `${columns} columns`, 5_000);
        await page.getByRole('heading', { name: /match(es)?$/ }).waitFor();
        // Photo moments show their thumbnail.
        const photo = grid.locator('img').first();
        if ((await photo.count()) > 0) assert.match((await photo.getAttribute('src')) ?? '', /^\/uploads\/[0-9a-f]{32}\.thumb\.png$/);
        await waitForExpression(page, '[...document.querySelectorAll("[aria-label=\'Search results\'] img")].every((img) => img.complete)', 'the result pictures to load');
        await shoot(page, `search-results-${width}`);

        // The profile dialog.
        const first = cards.first();
        const cardLabel = (await first.getAttribute('aria-label')) ?? '';
        await first.click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        for (const section of ['First Moment', 'Basic Info', 'Personal Background']) await dialog.getByRole('heading', { name: section }).waitFor();
        await dialog.getByText('AI Enhanced', { exact: true }).waitFor();
        assert.ok(cardLabel.startsWith(((await dialog.getByRole('heading', { level: 2 }).textContent()) ?? '').trim()), 'the dialog shows the card');

        // Like toggles aria-pressed, and the server keeps it.
        const like = dialog.locator('button[aria-pressed]');
        await dialog.locator('button[aria-pressed="false"]').waitFor();
        await like.click();
        await waitForExpression(page, 'document.querySelector("[role=dialog] button[aria-pressed]")?.getAttribute("aria-pressed") === "true"', 'the like to show as pressed');
        await shoot(page, `search-dialog-${width}`);

        // Quick Contact without contact info.
        await dialog.getByRole('button', { name: 'Quick Contact' }).click();
        await expectToast(page, 'No contact info');

        // Detailed: the analysis completes or fails, within the 30 s the page waits.
        await dialog.getByRole('button', { name: 'Detailed' }).click();
        await dialog
          .getByRole('heading', { name: 'Conversation Starters' })
          .or(dialog.getByText('Analysis failed', { exact: true }))
          .first()
          .waitFor({ timeout: 35_000 });
        await shoot(page, `search-analysis-${width}`);

        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        // The like was saved.
        await first.click();
        await dialog.waitFor();
        await waitForExpression(page, 'document.querySelector("[role=dialog] button[aria-pressed]")?.getAttribute("aria-pressed") === "true"', 'the like to show as pressed');
        await like.click();
        await waitForExpression(page, 'document.querySelector("[role=dialog] button[aria-pressed]")?.getAttribute("aria-pressed") === "false"', 'the like to show as not pressed');
        await dialog.getByRole('button', { name: 'Close profile' }).click();
        await dialog.waitFor({ state: 'detached' });

        // A background tap resets the results; coming back checks in for the day.
        await tapBackground(page);
        await box.waitFor();
        await page.getByRole('status', { name: '1 day streak' }).waitFor();
        await expectToast(page, 'Checked in');
        assert.equal(await grid.count(), 0);

        // A background tap with nothing shown switches to moment mode, and back.
        await tapBackground(page);
        await page.getByRole('heading', { name: 'Moments', level: 1 }).waitFor();
        await shoot(page, `search-moments-${width}`);

        // Moment mode's menu: post a text and a photo moment, back to search, then the history.
        await page.getByRole('button', { name: 'Share' }).click();
        for (const item of ['Image', 'Video', 'Text', 'History']) await page.getByRole('menuitem', { name: item }).waitFor();
        await shoot(page, `search-moment-menu-${width}`);
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'detached' });
        const photoUrl = await postMoments(page, width);
        await tapBackground(page);
        await box.waitFor();
        await tapBackground(page);
        await page.getByRole('heading', { name: 'Moments', level: 1 }).waitFor();
        await manageHistory(page, width);
        await box.waitFor();

        // Cancel aborts a running search. The request is held longer than the screenshot in between
        // waits for a quiet network (10 s, with E2E_SCREENSHOT_DIR set), so the search is still running.
        await page.route('**/api/search', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 30_000));
          await route.continue().catch(() => undefined);
        });
        await box.fill('someone to play badminton with');
        await page.getByRole('button', { name: 'Find' }).click();
        const cancelButton = page.getByRole('button', { name: 'Cancel' });
        await cancelButton.waitFor();
        await page.getByRole('status').filter({ hasText: 'Finding the right people' }).waitFor();
        await screenshot(page, `search-searching-${width}`);
        await cancelButton.click();
        await expectToast(page, 'Search Cancelled');
        await page.getByRole('button', { name: 'Find' }).waitFor();
        await page.unroute('**/api/search');

        // An explicit wish is a rule: "women" leads with the women, the rest follow under a
        // divider; the rule shows as a chip, and removing it searches again without it.
        await box.fill('women who like hiking');
        await box.press('Enter');
        const chip = page.getByRole('button', { name: 'Women — remove this rule' });
        await chip.waitFor({ timeout: 20_000 });
        await page.getByRole('group', { name: 'What your search asks for' }).waitFor();
        const leading = page.getByRole('list', { name: 'Search results that meet everything you asked for' });
        await leading.getByRole('button', { name: new RegExp(`^${mia.name},`) }).waitFor();
        const divider = page.getByText('Close, but not everything you asked for', { exact: true });
        await divider.waitFor();
        const rest = page.getByRole('list', { name: 'Close, but not everything you asked for' });
        assert.ok((await rest.getByTestId('result-card').count()) >= 1, 'the men and non-binary hikers follow');
        assert.equal(await rest.getByRole('button', { name: new RegExp(`^${mia.name},`) }).count(), 0);
        await waitForSettled(page);
        await expectNoAxeViolations(page, `search results with a rule at ${width} px`);
        await shoot(page, `search-rules-${width}`);
        const before = searches.length;
        await chip.click();
        await chip.waitFor({ state: 'detached' });
        await divider.waitFor({ state: 'detached' });
        await grid.waitFor();
        assert.deepEqual(JSON.parse(searches[before] ?? '{}'), { query: 'women who like hiking', ignore: ['gender'] });
        await shoot(page, `search-rules-removed-${width}`);
        await tapBackground(page);
        await box.waitFor();

        if (phone) {
          // On touch, pulling up at the bottom of the results goes back to the search box.
          await box.fill('someone to go hiking with on weekends');
          await box.press('Enter');
          await grid.waitFor({ timeout: 20_000 });
          await waitForSettled(page);
          await page.evaluate(
            `(() => {
              window.scrollTo(0, document.documentElement.scrollHeight);
              const touch = (y) => new Touch({ identifier: 1, target: document.body, clientX: 200, clientY: y });
              window.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(700)], changedTouches: [touch(700)] }));
              window.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [touch(560)] }));
            })()`,
          );
          await box.waitFor();
          assert.equal(await grid.count(), 0);
        }

        // No matches: the page stays on the search box.
        await page.route('**/api/search', (route) =>
          route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ query: 'x', intent: 'friend', results: [] }) }),
        );
        await box.fill('a unicorn tamer');
        await box.press('Enter');
        await expectToast(page, 'No matches found');
        assert.equal(await page.getByRole('list', { name: 'Search results' }).count(), 0);
        await page.unroute('**/api/search');

        // No background until the member sets one; a set one covers the screen at its opacity.
        // (Its editor belongs to the settings; the profile answer carries what it would save.)
        assert.equal(await page.getByTestId('search-background').count(), 0);
        await page.route('**/api/profile', async (route) => {
          const response = await route.fetch();
          const profile = (await response.json()) as Record<string, unknown>;
          await route.fulfill({ response, json: { ...profile, search_background_url: photoUrl, search_background_opacity: 0.5 } });
        });
        await page.reload();
        const background = page.getByTestId('search-background');
        await background.waitFor({ state: 'attached' });
        const drawn = (await page.evaluate(
          `(() => {
            const element = document.querySelector('[data-testid="search-background"]');
            const style = getComputedStyle(element);
            return { image: style.backgroundImage, opacity: style.opacity, size: style.backgroundSize, width: element.clientWidth, height: element.clientHeight };
          })()`,
        )) as { image: string; opacity: string; size: string; width: number; height: number };
        assert.ok(drawn.image.includes(photoUrl), drawn.image);
        assert.equal(drawn.opacity, '0.5');
        assert.equal(drawn.size, 'cover');
        assert.deepEqual([drawn.width, drawn.height], [viewport.width, viewport.height]);
        await box.waitFor();
        await shoot(page, `search-background-${width}`);
        await page.unroute('**/api/profile');

        assert.deepEqual(unexpectedErrors(errors), []);
      } finally {
        await close();
      }
    });
  }

  void it('reports endpoints that were stubbed', () => {
    if (missing.length > 0) console.log(`stubbed (server answered 404): ${missing.join(', ')}`);
  });
});

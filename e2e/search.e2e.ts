// /search against the real server: members made complete through the API (basic information, the
// built-in interviewer's chat, a text first moment), then one of them searches in the browser,
// opens a profile, likes it, closes it, goes back with a background tap (the daily check-in) and
// switches to moment mode.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';

import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';

import { launchBrowser, openPage, screenshot, startServer } from './harness.js';
import type { RunningServer } from './harness.js';
import { signUpWithBasicInfo } from './members.js';

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

interface MemberSpec {
  name: string;
  gender: 'male' | 'female' | 'non-binary';
  answers: string[];
  moment: string;
  /** A photo instead of the text moment. */
  image?: boolean;
}

const others: MemberSpec[] = [
  {
    name: 'Mia Chen',
    gender: 'female',
    answers: [
      'I love hiking, trail running and photography',
      'Weekend hikes in the mountains and camping',
      'Calm, curious and adventurous',
      'Small groups, free on weekends',
      'Someone to go hiking with on weekends. Kindness matters to me',
    ],
    moment: 'Sunrise on the ridge trail last Saturday. Who is in for the next one?',
  },
  {
    name: 'Leo Park',
    gender: 'male',
    answers: [
      'Hiking, climbing and board games',
      'Bouldering after class and long hikes on Sundays',
      'Outgoing and a bit goofy',
      'Planned ahead, weekends',
      'New friends to go hiking and climbing with. Honesty matters to me',
    ],
    moment: 'Looking for a hiking crew for the weekend. I bring the snacks.',
  },
  {
    name: 'Sam Rivera',
    gender: 'non-binary',
    answers: [
      'Photography, cooking and films',
      'Photo walks around the city and movie nights',
      'Thoughtful and creative',
      'One on one, evenings',
      'A friend for photo walks. Curiosity matters to me',
    ],
    moment: 'Golden hour in the old town. Film camera, no edits.',
    image: true,
  },
];

const searcher: MemberSpec = {
  name: 'Ana Lee',
  gender: 'female',
  answers: [
    'I love hiking, photography and board games',
    'Weekend hikes and badminton',
    'Outgoing, curious and a bit goofy',
    'Small groups, planned ahead, free on weekends',
    'New friends and someone to go climbing with. Honesty matters to me',
  ],
  moment: 'Hello from the library! Ask me about board games.',
};

// A warm gradient photo, 640×800.
async function goldenHour(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="800"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffb347"/><stop offset="0.6" stop-color="#ff6f61"/><stop offset="1" stop-color="#5b2a86"/></linearGradient></defs><rect width="640" height="800" fill="url(#g)"/><circle cx="320" cy="470" r="90" fill="#ffe29a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Signs a member up on `page`'s cookie jar and completes the profile through the API. */
async function completeMember(page: Page, server: RunningServer, spec: MemberSpec): Promise<void> {
  const request = page.request;
  await signUpWithBasicInfo(page, server, 'e2e-srch');
  const basic = await request.put(`${server.url}/api/profile/basic`, {
    data: { name: spec.name, birthDate: '2003-06-15', location: 'Vancouver', gender: spec.gender, profession: 'Student', relationshipStatus: 'single_lgbtq' },
  });
  assert.equal(basic.status(), 200, `basic information saved: ${await basic.text()}`);

  const start = await request.post(`${server.url}/api/chat`, { data: { message: 'INITIALIZE_ONBOARDING', sessionType: 'onboarding' } });
  assert.equal(start.status(), 200, `chat started: ${await start.text()}`);
  const { sessionId } = (await start.json()) as { sessionId: string };
  let completed = false;
  for (const answer of spec.answers) {
    const reply = await request.post(`${server.url}/api/chat`, { data: { message: answer, sessionId, sessionType: 'onboarding' } });
    assert.equal(reply.status(), 200, `chat answered: ${await reply.text()}`);
    completed = ((await reply.json()) as { completed: boolean }).completed;
  }
  assert.ok(completed, 'the interview is complete');

  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = spec.image
    ? { type: 'image', images: { name: 'golden-hour.png', mimeType: 'image/png', buffer: await goldenHour() } }
    : { type: 'text', text: spec.moment };
  const moment = await request.put(`${server.url}/api/profile/first-moment`, { multipart });
  assert.equal(moment.status(), 200, `first moment saved: ${await moment.text()}`);
  const session = (await (await request.get(`${server.url}/api/auth/session`)).json()) as { profileComplete: boolean };
  assert.equal(session.profileComplete, true, `${spec.name}'s profile is complete`);
}

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
  await page.waitForTimeout(450);
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

void describe('search', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  /** Endpoints the server did not have yet when this ran (answered 404), stubbed in the browser. */
  const missing: string[] = [];

  before(async () => {
    server = await startServer();
    assert.ok(server.dataDir, 'the data directory is known (set E2E_DATA_DIR with E2E_BASE_URL)');
    browser = await launchBrowser();
    for (const spec of others) {
      const { page, close } = await openPage(browser);
      try {
        await completeMember(page, server, spec);
        if (spec === others[0]) {
          const probe = await page.request.post(`${server.url}/api/search`, { data: { query: 'hiking' } });
          if (probe.status() === 404) missing.push('search');
        }
      } finally {
        await close();
      }
    }
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  function env(): { server: RunningServer; browser: Browser } {
    assert.ok(server && browser, 'server and browser are running');
    return { server, browser };
  }

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
        await completeMember(page, server, searcher);
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
        await page.waitForTimeout(300);
        assert.equal(searches.length, 0, 'nothing was sent');

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
        await page.waitForFunction(`document.querySelector('[aria-label="Search results"]')?.getAttribute('data-columns') === '${columns}'`, undefined, {
          timeout: 5_000,
        });
        await page.getByRole('heading', { name: /match(es)?$/ }).waitFor();
        // Photo moments show their thumbnail.
        const photo = grid.locator('img').first();
        if ((await photo.count()) > 0) assert.match((await photo.getAttribute('src')) ?? '', /^\/uploads\/[0-9a-f]{32}\.thumb\.png$/);
        await page.waitForFunction('[...document.querySelectorAll("[aria-label=\'Search results\'] img")].every((img) => img.complete)');
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
        await page.waitForTimeout(300);
        assert.equal(await like.getAttribute('aria-pressed'), 'false');
        await like.click();
        await page.waitForFunction('document.querySelector("[role=dialog] button[aria-pressed]")?.getAttribute("aria-pressed") === "true"');
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
        await page.waitForFunction('document.querySelector("[role=dialog] button[aria-pressed]")?.getAttribute("aria-pressed") === "true"');
        await like.click();
        await page.waitForFunction('document.querySelector("[role=dialog] button[aria-pressed]")?.getAttribute("aria-pressed") === "false"');
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
        await page.waitForTimeout(600);
        await shoot(page, `search-moments-${width}`);
        await tapBackground(page);
        await box.waitFor();

        // Cancel aborts a running search.
        await page.route('**/api/search', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 3_000));
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

        if (phone) {
          // On touch, pulling up at the bottom of the results goes back to the search box.
          await box.fill('someone to go hiking with on weekends');
          await box.press('Enter');
          await grid.waitFor({ timeout: 20_000 });
          await page.waitForTimeout(400);
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

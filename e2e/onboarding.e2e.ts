// /onboarding against the real server: a fresh member fills in the basic information, sees the
// standardized member card, edits, confirms (button on desktop, slider on phones), chats with the
// built-in interviewer, posts a text first moment and lands on /welcome with the pioneer gift.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { Page } from 'playwright-core';

import { openPage, screenshot, useServerAndBrowser } from './harness.js';
import type { RunningServer } from './harness.js';
import { freshEmail as emailWith, fillBasicInfoForm as fillForm, password, poll, readCode, signUpWithBasicInfo } from './members.js';

const freshEmail = () => emailWith('e2e-onb');

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const birthDate = '2004-03-10';
const allFields = 'Name, Birth Date, Location, Gender, Profession/Identity, Relationship Status';

// The age the server computes (it counts days in UTC).
function ageOn(birth: string, now = new Date()): number {
  const today = now.toISOString().slice(0, 10);
  return Number(today.slice(0, 4)) - Number(birth.slice(0, 4)) - (today.slice(5) >= birth.slice(5) ? 0 : 1);
}

async function shoot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
}

async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((current) => current.pathname === pathname);
}

async function expectToast(page: Page, title: string, message?: string): Promise<void> {
  let toast = page.getByRole('alert').filter({ has: page.getByText(title, { exact: true }) });
  if (message) toast = toast.filter({ has: page.getByText(message, { exact: true }) });
  await toast.last().waitFor();
}

function unexpectedErrors(errors: string[]): string[] {
  return errors.filter((error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error));
}

// Signs up through /auth with the e-mailed code; the new member lands on /onboarding.
async function signUpThroughUi(page: Page, server: RunningServer, email: string): Promise<void> {
  await page.goto(`${server.url}/auth?mode=signup`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(password);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  const code = await readCode(server.dataDir, email);
  await page.getByRole('textbox', { name: 'Verification code digit' }).first().click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await waitForPath(page, '/onboarding');
  await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
}

const ANSWERS = [
  'I love hiking, photography and board games',
  'Weekend hikes and badminton',
  'Outgoing, curious and a bit goofy',
  'Small groups, planned ahead, free on weekends',
  'New friends and someone to go climbing with. Honesty matters to me',
];

// The AI chat with the built-in interviewer: five answers, then the written bio.
async function chatThroughInterview(page: Page): Promise<void> {
  const log = page.getByRole('log', { name: 'Conversation' });
  await log.getByText(/^Hi Ana Lee! /).waitFor();
  // No speech model on this server: the microphone stays hidden.
  assert.equal(await page.getByRole('button', { name: /Hold to talk/ }).count(), 0);
  const box = page.getByRole('textbox', { name: 'Your message' });
  // Blank messages are not sent.
  await box.fill('   ');
  assert.equal(await page.getByRole('button', { name: 'Send' }).isDisabled(), true);
  for (const [index, answer] of ANSWERS.entries()) {
    await box.fill(answer);
    if (index % 2 === 0) await box.press('Enter');
    else await page.getByRole('button', { name: 'Send' }).click();
    await log.getByTestId('chat-user').getByText(answer, { exact: true }).waitFor();
    await page.getByLabel('The assistant is typing').waitFor({ state: 'detached' });
  }
  await log.getByText(/that's everything I need/).waitFor();
  await log.getByText(/I'm into hiking, photography, board games and climbing\./).first().waitFor();
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

void describe('onboarding', () => {
  const env = useServerAndBrowser({ needsDataDir: true });

  for (const viewport of viewports) {
    const size = `${String(viewport.width)}x${String(viewport.height)}`;
    void it(`fills in the basic information, checks the card and confirms at ${size}`, async () => {
      const { server, browser } = env();
      const phone = viewport.name === 'phone';
      const { page, errors, close } = await openPage(browser, {
        viewport: { width: viewport.width, height: viewport.height },
        hasTouch: phone,
      });
      try {
        await signUpThroughUi(page, server, freshEmail());
        const productName = (await page.locator('meta[name="product-name"]').getAttribute('content'))?.trim() ?? '';
        assert.ok(productName, 'index.html carries the product name');
        assert.equal(await field(page, 'Your Location').getAttribute('placeholder'), 'City');

        // Everything empty: one toast lists every field, and nothing is sent.
        await field(page, 'Your Name').fill('');
        await page.getByRole('button', { name: 'Continue' }).click();
        await expectToast(page, 'Missing Information', `Please fill in: ${allFields}`);
        await shoot(page, `onboarding-form-empty-${String(viewport.width)}`);

        await fillForm(page, { location: 'Vancouver', profession: '软件开发' });
        await shoot(page, `onboarding-form-${String(viewport.width)}`);
        await page.getByRole('button', { name: 'Continue' }).click();

        // The card shows what the server standardized.
        const card = page.getByRole('region', { name: 'Member ID card' });
        await card.waitFor();
        await page.getByRole('heading', { name: 'Confirm Your Information' }).waitFor();
        await card.getByText('Vancouver, BC, Canada', { exact: true }).waitFor();
        await card.getByText('Software Developer', { exact: true }).waitFor();
        await card.getByText('Ana Lee', { exact: true }).waitFor();
        await card.getByText('Female', { exact: true }).waitFor();
        await card.getByText('Single (LGBTQ+)', { exact: true }).waitFor();
        await card.getByText('March 10, 2004', { exact: true }).waitFor();
        await card.getByText(`Age ${String(ageOn(birthDate))}`, { exact: true }).waitFor();
        await card.getByText(/^\d{8}$/).waitFor();
        await card.getByText(new RegExp(`^Issued by ${productName} · `)).waitFor();
        // A string runs in the page: this file is type-checked without the DOM library.
        assert.equal(await page.evaluate<string | null>('sessionStorage.getItem("userName")'), 'Ana Lee');
        await shoot(page, `onboarding-card-${String(viewport.width)}`);

        // Edit goes back with the values kept.
        await page.getByRole('button', { name: 'Edit' }).click();
        await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
        assert.equal(await field(page, 'Your Name').inputValue(), 'Ana Lee');
        assert.equal(await field(page, 'Your Location').inputValue(), 'Vancouver');
        assert.equal(await field(page, 'Profession/Identity').inputValue(), '软件开发');
        assert.equal(await page.locator('input[type="date"]').inputValue(), birthDate);
        assert.equal(await page.getByRole('combobox', { name: 'Gender', exact: true }).inputValue(), 'Female');
        await page.getByRole('button', { name: 'Continue' }).click();
        await card.waitFor();

        if (phone) {
          assert.equal(await page.getByRole('button', { name: 'Confirm', exact: true }).count(), 0, 'phones slide to confirm');
          const knob = page.getByRole('slider', { name: 'Slide to confirm' });
          const track = page.getByRole('group', { name: 'Slide to confirm' });
          await knob.scrollIntoViewIfNeeded();
          const knobBox = await knob.boundingBox();
          const trackBox = await track.boundingBox();
          assert.ok(knobBox && trackBox, 'the slider is on screen');
          const y = knobBox.y + knobBox.height / 2;
          const startX = knobBox.x + knobBox.width / 2;

          // Let go halfway: it springs back.
          await page.mouse.move(startX, y);
          await page.mouse.down();
          await page.mouse.move(startX + trackBox.width / 2, y, { steps: 8 });
          await page.mouse.up();
          // Below 95 % it springs back: the value at once, the knob over a short transition.
          await poll(
            async () => ((await knob.getAttribute('aria-valuenow')) === '0' && Math.abs(((await knob.boundingBox())?.x ?? Number.NaN) - knobBox.x) < 0.5 ? true : null),
            'the knob to spring back below 95 %',
            3_000,
          );

          // All the way: confirmed.
          await page.mouse.move(startX, y);
          await page.mouse.down();
          await page.mouse.move(trackBox.x + trackBox.width + 20, y, { steps: 12 });
          await page.mouse.up();
          await track.getByText('Confirmed', { exact: true }).waitFor();
        } else {
          assert.equal(await page.getByRole('slider').count(), 0, 'desktops get a button');
          await page.getByRole('button', { name: 'Confirm', exact: true }).click();
        }

        await page.getByRole('heading', { name: 'Tell us about yourself' }).waitFor();
        await page.getByText('Step 2 of 3', { exact: true }).waitFor();
        await page.getByRole('progressbar', { name: 'Step 2 of 3' }).waitFor();
        await chatThroughInterview(page);
        await shoot(page, `onboarding-chat-${String(viewport.width)}`);
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByText('Step 3 of 3', { exact: true }).waitFor();
        await page.getByRole('heading', { name: 'Create Your Moment' }).waitFor();
        await page.getByRole('radio', { name: /^Text/ }).click();
        await page.getByRole('textbox', { name: 'Your moment' }).fill('Sunrise hike up the Grouse Grind, then pancakes.');
        await page.getByText('48/500 characters', { exact: true }).waitFor();
        await shoot(page, `onboarding-moment-${String(viewport.width)}`);
        await page.getByRole('button', { name: /^Complete Registration/ }).click();

        // Finished: the welcome page, and the pioneer's gift in the session.
        await waitForPath(page, '/welcome');
        await page.getByRole('button', { name: 'Start Exploring' }).waitFor();
        const session = JSON.parse(await page.evaluate<string>('fetch("/api/auth/session").then((r) => r.text())')) as {
          profileComplete: boolean;
          subscription: { subscribed: boolean; premiumType: string | null };
        };
        assert.equal(session.profileComplete, true);
        assert.deepEqual([session.subscription.subscribed, session.subscription.premiumType], [true, 'early_user']);
        await page.getByRole('dialog').waitFor({ timeout: 6000 });
        await page.getByRole('dialog').getByText(/6 months/).first().waitFor();
        await shoot(page, `onboarding-welcome-${String(viewport.width)}`);
        assert.deepEqual(unexpectedErrors(errors), [], 'no console errors');
      } finally {
        await close();
      }
    });
  }

  void it('explains a location it cannot complete and keeps the form', async () => {
    const { server, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    try {
      await signUpThroughUi(page, server, freshEmail());
      await fillForm(page, { location: 'Canada', profession: 'Student' });
      await page.getByRole('button', { name: 'Continue' }).click();
      await expectToast(page, 'Location Error', 'Failed to get complete location (City, Province, Country). Please try again.');
      await page.getByRole('button', { name: 'Continue' }).waitFor();
      assert.equal(await field(page, 'Your Location').inputValue(), 'Canada');
      assert.equal(await page.getByRole('region', { name: 'Member ID card' }).count(), 0);
      await shoot(page, 'onboarding-location-error-1280');
      assert.deepEqual(unexpectedErrors(errors), []);
    } finally {
      await close();
    }
  });

  void it('resumes at the chat, and shows the fixed welcome when the chat cannot start', async () => {
    const { server, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    try {
      await signUpWithBasicInfo(page, server, 'e2e-onb');
      await page.route('**/api/chat', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"x","message":"down"}}' }));
      await page.goto(`${server.url}/onboarding`);
      // Basic information saved earlier: straight back to the chat.
      await page.getByRole('heading', { name: 'Tell us about yourself' }).waitFor();
      await expectToast(page, 'Error', 'Failed to initialize chat. Please refresh the page.');
      await page.getByRole('log', { name: 'Conversation' }).getByText(/^Hi! I'm here to help build your profile\./).waitFor();

      // Once the AI answers again, sending starts the session and the interview goes on.
      await page.unroute('**/api/chat');
      await page.getByRole('textbox', { name: 'Your message' }).fill('I love chess');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('log', { name: 'Conversation' }).getByText(/^Hi Ana Lee! /).waitFor();
      await shoot(page, 'onboarding-chat-fallback-390');
      assert.deepEqual(
        unexpectedErrors(errors).filter((e) => !e.includes('503')),
        [],
      );
    } finally {
      await close();
    }
  });

  void it('sends signed-out visitors to sign in first', async () => {
    const { server, browser } = env();
    const { page, close } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`${server.url}/onboarding?redirect=${encodeURIComponent('/settings')}`);
      await waitForPath(page, '/auth');
      assert.equal(new URL(page.url()).searchParams.get('redirect'), `/onboarding?redirect=${encodeURIComponent('/settings')}`);
    } finally {
      await close();
    }
  });
});

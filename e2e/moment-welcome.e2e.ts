// /settings/first-moment, /welcome and /welcome-letter against the real server: a member made
// through the API creates a text moment, replaces it with images, and reads the welcome letter.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';

import type { Page } from 'playwright-core';
import sharp from 'sharp';

import { ordinal } from '../web/src/features/welcome/ordinal.js';
import { viewports } from './cast.js';
import { openPage, screenshot, useServerAndBrowser } from './harness.js';
import type { RunningServer } from './harness.js';
import { signUpWithBasicInfo } from './members.js';


interface Member {
  registrationOrder: number;
  session: { subscription?: { premiumType: string | null; subscriptionEnd: string | null } };
}

async function signUpMember(page: Page, server: RunningServer): Promise<Member> {
  const { registrationOrder } = await signUpWithBasicInfo(page, server, 'e2e-mom');
  const session = (await (await page.request.get(`${server.url}/api/auth/session`)).json()) as Member['session'];
  return { registrationOrder, session };
}

async function png(color: { r: number; g: number; b: number }, width = 640, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

// An MP4 as far as its header goes (an ftyp box of brand isom); enough for the server's check.
function fakeMp4(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isommp41', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.alloc(4096)]);
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

const submitButton = (page: Page, name: RegExp | string) => page.getByRole('button', { name, exact: typeof name === 'string' });

void describe('ordinal', () => {
  void it('says first, second, third, then the number with its English suffix', () => {
    const cases: [number, string][] = [
      [1, 'first'],
      [2, 'second'],
      [3, 'third'],
      [4, '4th'],
      [11, '11th'],
      [12, '12th'],
      [13, '13th'],
      [21, '21st'],
      [22, '22nd'],
      [23, '23rd'],
      [101, '101st'],
      [103, '103rd'],
      [111, '111th'],
      [112, '112th'],
      [1001, '1,001st'],
      [4999, '4,999th'],
    ];
    for (const [n, expected] of cases) assert.equal(ordinal(n), expected, String(n));
  });
});

void describe('first moment and welcome', () => {
  const env = useServerAndBrowser({ needsDataDir: true });

  for (const viewport of viewports) {
    const width = String(viewport.width);
    const phone = viewport.name === 'phone';

    void it(`creates a text moment, then replaces it with images at ${width} px`, async () => {
      const { server, browser } = env();
      const { page, errors, close } = await openPage(browser, { viewport: { width: viewport.width, height: viewport.height }, hasTouch: phone });
      try {
        await signUpMember(page, server);
        await page.goto(`${server.url}/settings/first-moment`);
        await page.getByRole('heading', { name: 'Create Your Moment' }).waitFor();
        assert.equal(await page.getByRole('heading', { name: 'Current First Moment' }).count(), 0, 'one panel without a moment');
        await shoot(page, `moment-create-${width}`);

        // No type yet.
        await submitButton(page, 'Complete Registration').click();
        await expectToast(page, 'Error', 'Please select a moment type');

        // Text: the counter follows, blank is refused.
        await page.getByRole('radio', { name: /^Text/ }).click();
        assert.equal(await page.getByRole('radio', { name: /^Text/ }).getAttribute('aria-checked'), 'true');
        assert.ok(await submitButton(page, 'Complete Registration').isDisabled(), 'nothing written yet');
        const textbox = page.getByRole('textbox', { name: 'Your moment' });
        await textbox.fill('   ');
        await page.getByText('3/500 characters', { exact: true }).waitFor();
        await submitButton(page, 'Complete Registration').click();
        await expectToast(page, 'Text required');
        const words = 'Weekend hiker, coffee nerd, always up for a board game night.';
        await textbox.fill(words);
        await page.getByText(`${String(words.length)}/500 characters`, { exact: true }).waitFor();
        await textbox.fill('x'.repeat(600));
        assert.equal((await textbox.inputValue()).length, 500, 'at most 500 characters');
        await page.getByText('500/500 characters', { exact: true }).waitFor();
        await textbox.fill(words);
        await shoot(page, `moment-text-${width}`);
        await submitButton(page, 'Complete Registration').click();
        await expectToast(page, 'Moment created');

        // Now there is a moment: two panels, the text shown, the button says Update.
        await page.getByRole('heading', { name: 'Current First Moment' }).waitFor();
        await page.getByRole('heading', { name: 'Upload New Moment' }).waitFor();
        await page.getByText(words, { exact: true }).waitFor();
        await shoot(page, `moment-current-text-${width}`);

        if (phone) {
          // One panel at a time; the headings swap them. The current moment shows after a save.
          const current = page.getByRole('button', { name: 'Current First Moment' });
          const upload = page.getByRole('button', { name: 'Upload New Moment' });
          assert.equal(await current.getAttribute('aria-expanded'), 'true');
          assert.equal(await upload.getAttribute('aria-expanded'), 'false');
          assert.equal(await page.getByRole('radio', { name: /^Image/ }).count(), 0, 'the upload panel is folded');
          await upload.click();
          assert.equal(await upload.getAttribute('aria-expanded'), 'true');
          assert.equal(await current.getAttribute('aria-expanded'), 'false');
          assert.equal(await page.getByText(words, { exact: true }).count(), 0, 'the current panel is folded');
        } else {
          assert.equal(await page.getByRole('button', { name: 'Current First Moment' }).count(), 0, 'desktops show both panels');
        }

        // Images: switching type clears the text; previews can be removed.
        await page.getByRole('radio', { name: /^Image/ }).click();
        assert.equal(await page.getByRole('textbox', { name: 'Your moment' }).count(), 0);
        assert.ok(await submitButton(page, 'Update Moment').isDisabled(), 'no image chosen yet');
        const input = page.getByLabel('Choose images');
        await input.setInputFiles([
          { name: 'violet.png', mimeType: 'image/png', buffer: await png({ r: 124, g: 58, b: 237 }) },
          { name: 'pink.png', mimeType: 'image/png', buffer: await png({ r: 236, g: 72, b: 153 }) },
          { name: 'teal.png', mimeType: 'image/png', buffer: await png({ r: 20, g: 184, b: 166 }) },
        ]);
        await page.getByText('3/8 images', { exact: true }).waitFor();
        await page.getByRole('img', { name: 'Image 2: pink.png' }).waitFor();
        await shoot(page, `moment-images-${width}`);
        await page.getByRole('button', { name: 'Remove teal.png' }).click();
        await page.getByText('2/8 images', { exact: true }).waitFor();
        assert.equal(await page.getByRole('button', { name: 'Remove teal.png' }).count(), 0);

        if (!phone) {
          // Too large, and too many.
          await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
          await expectToast(page, 'File too large', 'huge.png is larger than 10MB');
          await page.getByText('2/8 images', { exact: true }).waitFor();
          const seven = await png({ r: 250, g: 200, b: 60 }, 64, 64);
          await input.setInputFiles(Array.from({ length: 7 }, (_, i) => ({ name: `extra-${String(i)}.png`, mimeType: 'image/png', buffer: seven })));
          await expectToast(page, 'Too many images');
          await page.getByText('8/8 images', { exact: true }).waitFor();
          assert.equal(await page.getByLabel('Choose images').count(), 0, 'the upload area goes at 8');
          for (let i = 0; i < 6; i += 1) await page.getByRole('button', { name: `Remove extra-${String(i)}.png` }).click();
          await page.getByText('2/8 images', { exact: true }).waitFor();
          await page.getByLabel('Choose images').waitFor();
        }

        await submitButton(page, 'Update Moment').click();
        await expectToast(page, 'Moment updated');
        if (phone) assert.equal(await page.getByRole('button', { name: 'Current First Moment' }).getAttribute('aria-expanded'), 'true');

        // The carousel: dots when there is more than one image, and a 50 px swipe moves it.
        const carousel = page.getByRole('region', { name: 'Your current first moment' });
        await carousel.waitFor();
        const dots = carousel.getByRole('button', { name: /^Show image \d of 2$/ });
        assert.equal(await dots.count(), 2);
        await page.getByRole('img', { name: 'Image 1 of 2' }).waitFor();
        assert.equal(await carousel.getByRole('button', { name: 'Show image 1 of 2' }).getAttribute('aria-current'), 'true');
        await shoot(page, `moment-current-images-${width}`);
        const box = await carousel.locator('[tabindex="0"]').boundingBox();
        assert.ok(box, 'the carousel is on screen');
        const y = box.y + box.height / 2;
        const x = box.x + box.width / 2;
        // Short of the threshold: stays.
        await page.mouse.move(x, y);
        await page.mouse.down();
        await page.mouse.move(x - 30, y, { steps: 4 });
        await page.mouse.up();
        assert.equal(await carousel.getByRole('button', { name: 'Show image 1 of 2' }).getAttribute('aria-current'), 'true');
        await page.mouse.move(x, y);
        await page.mouse.down();
        await page.mouse.move(x - 80, y, { steps: 6 });
        await page.mouse.up();
        assert.equal(await carousel.getByRole('button', { name: 'Show image 2 of 2' }).getAttribute('aria-current'), 'true');
        await carousel.getByRole('button', { name: 'Show image 1 of 2' }).click();
        assert.equal(await carousel.getByRole('button', { name: 'Show image 1 of 2' }).getAttribute('aria-current'), 'true');

        // The saved images are served from the server.
        const src = await page.getByRole('img', { name: 'Image 1 of 2' }).getAttribute('src');
        assert.ok(src?.startsWith('/'), `a same-origin path: ${String(src)}`);
        const image = await page.request.get(`${server.url}${src}`);
        assert.equal(image.status(), 200);

        if (!phone) {
          // A video: one file, checked by kind, removable, then saved.
          await page.getByRole('radio', { name: /^Video/ }).click();
          const videoInput = page.getByLabel('Choose a video');
          await videoInput.setInputFiles({ name: 'clip.avi', mimeType: 'video/x-msvideo', buffer: Buffer.alloc(2048) });
          await expectToast(page, 'Unsupported file', 'clip.avi is not an MP4, MOV or WEBM video');
          await videoInput.setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: fakeMp4() });
          await page.getByRole('button', { name: 'Remove video clip.mp4' }).click();
          await page.getByLabel('Choose a video').setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: fakeMp4() });
          await page.getByText(/^clip\.mp4 · \d+ KB$/).waitFor();
          await shoot(page, `moment-video-${width}`);
          await submitButton(page, 'Update Moment').click();
          await expectToast(page, 'Moment updated');
          const videoSrc = await page.locator('video[aria-label="Your current first moment"]').getAttribute('src');
          assert.ok(videoSrc?.startsWith('/'), `a same-origin path: ${String(videoSrc)}`);
        }

        // Back to settings.
        await page.getByRole('link', { name: 'Back to settings' }).click();
        await waitForPath(page, '/settings');
        assert.deepEqual(unexpectedErrors(errors), []);
      } finally {
        await close();
      }
    });

    void it(`welcomes the member with confetti and the letter at ${width} px`, async () => {
      const { server, browser } = env();
      const { page, errors, close } = await openPage(browser, { viewport: { width: viewport.width, height: viewport.height }, hasTouch: phone });
      try {
        const member = await signUpMember(page, server);
        const gift = member.session.subscription?.premiumType === 'early_user';
        const productName = 'Kindred';
        const opened = Date.now();
        await page.goto(`${server.url}/welcome`);
        await page.getByRole('heading', { name: `Welcome to ${productName}, Ana!` }).waitFor();
        // The confetti draws on a canvas of its own, on the main thread (the CSP allows no blob: worker).
        await page.locator('body > canvas').first().waitFor({ state: 'attached', timeout: 3_000 });
        await shoot(page, `welcome-${width}`);

        const dialog = page.getByRole('dialog');
        await dialog.waitFor({ timeout: 6_000 });
        assert.ok(Date.now() - opened >= 2_400, 'the letter waits 2.5 s');
        await dialog.getByText(`Pioneer User #${member.registrationOrder.toLocaleString('en-US')}`, { exact: true }).waitFor();
        await dialog.getByText(new RegExp(`You are our ${ordinal(member.registrationOrder)} member`)).waitFor();
        await dialog.getByText(/come back in 30 days/).waitFor();
        assert.equal(await dialog.getByText(/6 months of premium membership, worth \$39 CAD/).count(), gift ? 1 : 0, `gift shown: ${String(gift)}`);
        await shoot(page, `welcome-letter-dialog-${width}`);

        // Tapping the backdrop closes it.
        await page.mouse.click(8, viewport.height - 8);
        await dialog.waitFor({ state: 'detached' });

        await page.getByRole('button', { name: 'Start Exploring' }).click();
        // This member skipped the chat, so /search sends them on to finish their profile.
        await page.waitForURL((url) => url.pathname === '/search' || (url.pathname === '/onboarding' && url.searchParams.get('redirect') === '/search'));

        // The letter on its own page: badge, export, back.
        await page.goto(`${server.url}/welcome-letter`);
        await page.getByText(`Pioneer User #${member.registrationOrder.toLocaleString('en-US')}`, { exact: true }).waitFor();
        await page.getByRole('heading', { name: `A letter from ${productName}` }).waitFor();
        await shoot(page, `welcome-letter-page-${width}`);
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
        assert.equal(download.suggestedFilename(), 'kindred-welcome-letter.txt');
        const saved = await download.path();
        const text = await readFile(saved, 'utf8');
        assert.match(text, /^A letter from Kindred\n/);
        assert.match(text, /Dear Ana,/);
        assert.match(text, new RegExp(`You are our ${ordinal(member.registrationOrder)} member`));
        assert.match(text, /The Kindred Team/);
        await page.getByRole('link', { name: 'Back' }).click();
        await waitForPath(page, '/welcome');
        assert.deepEqual(unexpectedErrors(errors), []);
      } finally {
        await close();
      }
    });
  }

  // The session's subscription decides the gift; it is set here through the page's view of the
  // session, so both cases run whatever this member's real registration order is.
  for (const premiumType of ['early_user', 'paid'] as const) {
    void it(`shows the early-member gift only to its holders (${premiumType})`, async () => {
      const { server, browser } = env();
      const { page, errors, close } = await openPage(browser, { viewport: { width: 390, height: 844 } });
      try {
        await signUpMember(page, server);
        await page.route('**/api/auth/session', async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as Record<string, unknown>;
          const subscription = { subscribed: true, premiumType, subscriptionEnd: '2027-06-01T00:00:00.000Z' };
          await route.fulfill({ response, json: { ...body, subscription } });
        });
        await page.goto(`${server.url}/welcome-letter`);
        await page.getByRole('heading', { name: 'A letter from Kindred' }).waitFor();
        const gift = page.getByText(
          'As a thank-you to our first 5,000 members, you receive 6 months of premium membership, worth $39 CAD, as our gift. It is already on your account and runs until June 1, 2027.',
          { exact: true },
        );
        if (premiumType === 'early_user') {
          await gift.waitFor();
          await shoot(page, 'welcome-letter-gift-390');
          const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
          assert.match(await readFile(await download.path(), 'utf8'), /6 months of premium membership, worth \$39 CAD/);
        } else {
          await page.getByText(/come back in 30 days/).waitFor();
          assert.equal(await gift.count(), 0);
          assert.equal(await page.getByText(/premium/).count(), 0);
        }
        assert.deepEqual(unexpectedErrors(errors), []);
      } finally {
        await close();
      }
    });
  }

  void it('skips the confetti for visitors who prefer reduced motion', async () => {
    const { server, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    try {
      await signUpMember(page, server);
      await page.goto(`${server.url}/welcome`);
      await page.getByRole('button', { name: 'Start Exploring' }).waitFor();
      // The letter opens at 2.5 s, after the three bursts (0.3, 1 and 2 s), whose canvas would still be animating then.
      await page.getByRole('dialog').waitFor();
      assert.equal(await page.evaluate<number>('document.querySelectorAll("canvas").length'), 0);
      assert.deepEqual(unexpectedErrors(errors), []);
    } finally {
      await close();
    }
  });

  void it('sends signed-out visitors to sign in first', async () => {
    const { server, browser } = env();
    const { page, close } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    try {
      for (const route of ['/settings/first-moment', '/welcome', '/welcome-letter']) {
        await page.goto(`${server.url}${route}`);
        await waitForPath(page, '/auth');
        assert.equal(new URL(page.url()).searchParams.get('redirect'), route);
      }
    } finally {
      await close();
    }
  });
});

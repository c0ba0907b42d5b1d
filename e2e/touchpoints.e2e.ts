// Meeting in person, in the browser: a visitor opens the demo touchpoint, sees the people there
// without match information, signs in and comes back with it; the wall takes a comment and shows
// HTML as text; the administrator sees the panel instead of the grid; two members connect by code;
// a member's QR code is decoded (no camera here) and its payload, read by the other's phone over a
// stand-in Web NFC, connects them. Checked with axe at the widths it is walked at.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import jsQRModule from 'jsqr';
import type { BrowserContextOptions } from 'playwright-core';
import sharp from 'sharp';

import { expectAccessiblePage } from './axe.js';
import { ana, leo, mia } from './cast.js';
import { openPage, screenshot, useServerAndBrowser } from './harness.js';
import { completeMember, freshEmail, grantAdmin, password } from './members.js';
import { expectToast } from './toast.js';

// jsqr is CommonJS: under Node's ESM its default export is the function itself, which its types do not say.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

const adminEmail = 'e2e-touchpoints-admin@example.com';
process.env.ADMIN_EMAIL = adminEmail;
// The people tapped a moment ago are listed at once here (the hour's delay has its server test).
process.env.TOUCHPOINT_LIST_DELAY_MINUTES = '0';
const anaEmail = freshEmail('e2e-touch-ana');

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 800 } };

void describe('touchpoints, find by code and profile exchange, in the browser', () => {
  const env = useServerAndBrowser({ needsDataDir: true });
  const states: Record<'mia' | 'leo' | 'admin', StorageState | undefined> = { mia: undefined, leo: undefined, admin: undefined };
  let miaCode = '';

  before(async () => {
    const { server, browser } = env();
    // Mia and Leo tap the demo touchpoint while signed in; Ana will come as a visitor.
    for (const [key, spec] of [['mia', mia], ['leo', leo], ['admin', { ...leo, name: 'Ada Admin', email: adminEmail }]] as const) {
      const { page, close } = await openPage(browser);
      try {
        await completeMember(page, server, spec, 'e2e-touch');
        if (key !== 'admin') assert.equal((await page.request.post(`${server.url}/api/locations/demo/visits`)).status(), 200);
        if (key === 'mia') miaCode = ((await (await page.request.get(`${server.url}/api/profile`)).json()) as { user_code: string }).user_code;
        states[key] = await page.context().storageState();
      } finally {
        await close();
      }
    }
    grantAdmin(server, adminEmail);
    const { page, close } = await openPage(browser);
    try {
      await completeMember(page, server, { ...ana, email: anaEmail }, 'e2e-touch');
      await page.request.post(`${server.url}/api/auth/logout`);
    } finally {
      await close();
    }
  });

  void it('a visitor sees the people without match information, signs in, and comes back with it', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, phone);
    try {
      await page.goto(`${url}/nfc?location=demo`);
      await page.getByRole('heading', { name: 'People who met here', level: 2 }).waitFor();
      await expectToast(page, 'Profiles Loaded', 'Found 2 profiles at Demo touchpoint.');
      const cards = page.getByTestId('person-card');
      assert.deepEqual((await cards.allInnerTexts()).map((text) => /(Leo Park|Mia Chen), \d+/.exec(text)?.[1]).sort(), ['Leo Park', 'Mia Chen']);
      assert.equal(await page.getByTestId('match').count(), 0, 'no match information for a visitor');
      assert.match(((await page.getByTestId('visitor-ordinal').textContent()) ?? '').trim(), /^Visitor #\d+$/);
      await expectAccessiblePage(page, 'touchpoint as a visitor at 390 px');
      await screenshot(page, 'touchpoint-visitor-390');

      await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL((u) => u.pathname === '/auth' && u.searchParams.get('mode') === 'login' && u.searchParams.get('redirect') === '/nfc?location=demo');
      await expectToast(page, 'Join from NFC Location');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(anaEmail);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();

      await page.waitForURL((u) => u.pathname === '/nfc' && u.searchParams.get('location') === 'demo');
      await page.getByRole('heading', { name: 'Your matches here', level: 2 }).waitFor();
      await expectToast(page, 'Matches Loaded', 'Found 2 matches at Demo touchpoint.');
      const matches = await page.getByTestId('match').allInnerTexts();
      assert.equal(matches.length, 2);
      const values = matches.map((m) => Number.parseFloat(m));
      assert.deepEqual(values, [...values].sort((a, b) => b - a), 'sorted by match');
      await expectAccessiblePage(page, 'touchpoint as a member at 390 px');
      await screenshot(page, 'touchpoint-member-390');

      await page.getByRole('button', { name: /^View Detailed Analysis of / }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Detailed' }).waitFor();
      await screenshot(page, 'touchpoint-member-dialog-390');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('the wall takes a visitor\'s comment and shows HTML as text', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, desktop);
    try {
      await page.goto(`${url}/nfc?location=demo`);
      await page.getByRole('button', { name: 'Community comments' }).click();
      const dialog = page.getByRole('dialog', { name: 'Community at Demo touchpoint' });
      await dialog.getByRole('textbox', { name: 'Your comment' }).fill('  <b>Great</b> coffee here  ');
      await dialog.getByRole('button', { name: 'Post' }).click();
      await expectToast(page, 'Comment posted!');
      await dialog.getByText('<b>Great</b> coffee here', { exact: true }).waitFor();
      assert.equal(await dialog.locator('b').count(), 0, 'no element made from the comment');
      await expectAccessiblePage(page, 'touchpoint comments at 1280 px');
      await screenshot(page, 'touchpoint-comments-1280');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('the administrator sees the panel instead of the grid', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { ...phone, storageState: states.admin });
    try {
      await page.goto(`${url}/nfc?location=demo`);
      const panel = page.getByRole('region', { name: 'Admin panel' });
      await panel.getByText('Total profiles').waitFor();
      assert.equal(await page.getByTestId('person-card').count(), 0);
      await expectAccessiblePage(page, 'touchpoint as the administrator at 390 px');
      await screenshot(page, 'touchpoint-admin-390');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('two members connect by code', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { ...phone, storageState: states.leo });
    try {
      await page.goto(`${url}/code-search`);
      await page.getByRole('button', { name: 'Search' }).click();
      await expectToast(page, 'Enter a Code', 'Please enter a user code to search.');
      await page.getByRole('textbox', { name: 'Profile code' }).fill('00000000');
      await page.getByRole('button', { name: 'Search' }).click();
      await expectToast(page, 'User Not Found', 'No user found with this code. Please check and try again.');
      await page.getByRole('textbox', { name: 'Profile code' }).fill(` ${miaCode} `);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('button', { name: 'Connect with Mia Chen' }).click();
      await expectToast(page, 'Connected Successfully!', 'Mia Chen was added to your liked profiles.');
      await page.getByText('Mia Chen is in your liked profiles.').waitFor();
      await expectAccessiblePage(page, 'find by code at 390 px');
      await screenshot(page, 'code-search-390');
      const likes = (await (await page.request.get(`${url}/api/likes`)).json()) as { likes: { name: string }[] };
      assert.deepEqual(likes.likes.map((l) => l.name), ['Mia Chen']);
      // The browser logs the unknown code's 404; nothing else went wrong.
      assert.deepEqual(errors.filter((e) => !e.includes('status of 404')), []);
    } finally {
      await close();
    }
  });

  void it('a member switches "show me at places I tap" off in General and is gone from the touchpoint', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { ...desktop, storageState: states.leo });
    try {
      const listed = async () => ((await (await page.request.get(`${url}/api/locations/demo/profiles`)).json()) as { profiles: { name: string }[] }).profiles.map((p) => p.name);
      await page.goto(`${url}/general`);
      const toggle = page.getByRole('switch', { name: 'Show me at places I tap' });
      await toggle.waitFor();
      assert.equal(await toggle.isChecked(), true, 'on by default');
      await page.getByText(/can see your card there for 30 days\./).waitFor(); // no delay in this run
      await expectAccessiblePage(page, 'general with meeting in person at 1280 px');
      await screenshot(page, 'general-meeting-1280');
      await toggle.click({ force: true });
      await expectToast(page, 'Saved', 'You no longer appear at any place, and the places you tapped are forgotten.');
      assert.equal(await toggle.isChecked(), false);
      const anonymous = await openPage(browser);
      try {
        const names = ((await (await anonymous.page.request.get(`${url}/api/locations/demo/profiles`)).json()) as { profiles: { name: string }[] }).profiles.map((p) => p.name);
        assert.ok(!names.includes('Leo Park'), `Leo is no longer listed: ${names.join(', ')}`);
      } finally {
        await anonymous.close();
      }
      assert.ok((await listed()).includes('Mia Chen'));
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('a QR code carries a verifiable payload, and the other phone connects with it', async () => {
    const { url, browser } = env();
    const shown = await openPage(browser, { ...desktop, storageState: states.mia });
    let payloadText: string;
    try {
      await shown.page.goto(`${url}/nfc-profile-exchange`);
      await shown.page.getByText('NFC Not Supported').waitFor(); // headless Chromium has no Web NFC
      const qr = shown.page.getByTestId('my-qr');
      await qr.waitFor();
      const src = (await qr.getAttribute('src')) ?? '';
      const { data, info } = await sharp(Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
      assert.ok(decoded, 'the rendered QR code decodes');
      payloadText = decoded.data;
      const payload = JSON.parse(payloadText) as { type: string; profile: Record<string, unknown>; token: string };
      assert.equal(payload.type, 'kindred_profile');
      assert.equal(payload.profile.name, 'Mia Chen');
      assert.equal(payload.profile.user_code, miaCode);
      assert.doesNotMatch(payloadText, /contact|@/, 'no contact details');
      await expectAccessiblePage(shown.page, 'profile exchange at 1280 px');
      await screenshot(shown.page, 'exchange-1280');
      assert.deepEqual(shown.errors, []);
    } finally {
      await shown.close();
    }

    // Ana's phone: a stand-in for Web NFC whose scan reads a tag carrying Mia's payload.
    const { page, errors, close } = await openPage(browser, phone);
    try {
      // A string, not a function: the test's compiled class would call helpers the page does not have.
      await page.addInitScript({
        content: `window.NDEFReader = class extends EventTarget {
          constructor() { super(); this.onreading = null; this.onreadingerror = null; }
          scan() {
            const data = new DataView(new TextEncoder().encode(${JSON.stringify(payloadText)}).buffer);
            setTimeout(() => this.onreading && this.onreading({ message: { records: [{ recordType: 'mime', mediaType: 'application/json', data }] } }), 300);
            return Promise.resolve();
          }
          write() { return Promise.resolve(); }
        };`,
      });
      assert.equal((await page.request.post(`${url}/api/auth/login`, { data: { email: anaEmail, password } })).status(), 200);
      await page.goto(`${url}/nfc-profile-exchange`);
      await page.getByRole('heading', { name: 'Exchange by QR code' }).waitFor();
      await screenshot(page, 'exchange-nfc-ready-390');
      await page.getByRole('button', { name: 'Start Exchange' }).click();
      await expectToast(page, 'Profile Exchange Successful', 'Mia Chen was added to your liked profiles.');
      await page.getByRole('button', { name: 'Exchange Again' }).waitFor();
      await expectAccessiblePage(page, 'profile exchange success at 390 px');
      await screenshot(page, 'exchange-success-390');
      await page.getByRole('button', { name: 'Exchange Again' }).click();
      await page.getByRole('button', { name: 'Start Exchange' }).click();
      await expectToast(page, 'Already Connected', 'Mia Chen is already in your liked profiles.');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });
});

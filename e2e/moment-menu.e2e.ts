// The ⋯ menu on another member's moment in the feed (moment mode of /search), at 390 and 1280 px:
// it is a named button of at least 24×24 px that the keyboard reaches; Report sends the moment as
// the evidence (the administrator's queue shows it: a posted moment at 390 px, a first moment at
// 1280 px); Block asks first, toasts, and the member's moments leave the feed. Checked with axe
// with the menu, the report dialog and the block dialog open. The viewer's own moments carry no menu.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import type { BrowserContextOptions, Page } from 'playwright-core';

import { expectAccessiblePage, waitForExpression } from './axe.js';
import { ana, leo, mia, viewports } from './cast.js';
import { openPage, screenshot, useServerAndBrowser } from './harness.js';
import { completeMember, grantAdmin, signUpWithBasicInfo } from './members.js';
import { expectToast } from './toast.js';

const adminEmail = 'e2e-moment-menu-admin@example.com';
process.env.ADMIN_EMAIL = adminEmail;

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

const leoPost = 'Bouldering at the crag this Sunday, two spots left in the car.';
const miaPost = 'Wildflowers everywhere on the upper meadow trail.';
const anaPost = 'Board games in the library tonight, bring a friend.';
const leoMenu = "More actions for Leo Park's moment";

interface QueueEntry {
  name: string;
  reports: { reason: string; note: string | null; evidence: { type: string; text?: string | null; firstMoment?: boolean } }[];
}

/** The card in the feed that shows `text`. */
const card = (page: Page, text: string) => page.getByRole('list', { name: 'Recommended moments' }).getByRole('listitem').filter({ hasText: text });

/** /search in moment mode, once the card showing `shown` is there and the pictures have loaded. */
async function momentMode(page: Page, url: string, shown = leoPost): Promise<void> {
  await page.goto(`${url}/search`);
  await page.getByRole('button', { name: 'Browse moments' }).click();
  await page.getByRole('heading', { name: 'Moments', level: 1 }).waitFor();
  await card(page, shown).waitFor();
  await waitForExpression(page, '[...document.images].every((img) => img.complete)', 'the images to load');
}

void describe('the ⋯ menu on a moment in the feed', () => {
  const env = useServerAndBrowser({ needsDataDir: true });
  let viewer: StorageState | undefined;
  let administrator: StorageState | undefined;

  before(async () => {
    const { server, browser } = env();
    const post = async (page: Page, text: string) => {
      const posted = await page.request.post(`${server.url}/api/moments`, { multipart: { type: 'text', text } });
      assert.equal(posted.status(), 201, await posted.text());
    };
    const admin = await openPage(browser);
    try {
      await signUpWithBasicInfo(admin.page, server, 'e2e-feedmenu-admin', adminEmail);
      grantAdmin(server, adminEmail);
      administrator = await admin.page.context().storageState();
    } finally {
      await admin.close();
    }
    for (const [spec, text] of [
      [leo, leoPost],
      [{ ...mia, image: true }, miaPost],
      [ana, anaPost],
    ] as const) {
      const { page, close } = await openPage(browser);
      try {
        await completeMember(page, server, spec, 'e2e-feedmenu');
        await post(page, text);
        if (spec === ana) viewer = await page.context().storageState();
      } finally {
        await close();
      }
    }
  });

  /** The administrator's moderation queue entry about Leo. */
  async function reportsAboutLeo(): Promise<QueueEntry['reports']> {
    const { url, browser } = env();
    const { page, close } = await openPage(browser, { storageState: administrator });
    try {
      const response = await page.request.get(`${url}/api/admin/moderation`);
      assert.equal(response.status(), 200, await response.text());
      const { queue } = (await response.json()) as { queue: QueueEntry[] };
      return queue.find((entry) => entry.name === 'Leo Park')?.reports ?? [];
    } finally {
      await close();
    }
  }

  for (const viewport of viewports) {
    const width = String(viewport.width);
    // At 390 px the posted moment is reported (its id is the evidence), at 1280 px the first moment.
    const reported = viewport.name === 'phone' ? leoPost : leo.moment;

    void it(`reports and blocks a member from their moment at ${width} px`, async () => {
      const { url, browser } = env();
      const { page, errors, close } = await openPage(browser, { viewport: { width: viewport.width, height: viewport.height }, hasTouch: viewport.name === 'phone', storageState: viewer });
      try {
        await momentMode(page, url);
        const feed = page.getByRole('list', { name: 'Recommended moments' });
        // Every card is another member's (Leo's and Mia's, first and posted): each has its menu; Ana's own has none.
        const cards = await feed.getByRole('listitem').count();
        assert.equal(cards, 4, 'two moments each of Leo and Mia');
        assert.equal(await feed.getByRole('button', { name: /^More actions for / }).count(), cards);
        assert.equal(await page.getByRole('button', { name: /^More actions for Ana Lee/ }).count(), 0);
        assert.equal(await page.getByText(anaPost).count(), 0);

        const button = card(page, reported).getByRole('button', { name: leoMenu, exact: true });
        const box = await button.boundingBox();
        assert.ok(box && box.width >= 24 && box.height >= 24, `the ⋯ target is at least 24×24 px (${JSON.stringify(box)})`);

        if (viewport.name === 'phone') {
          await button.click();
        } else {
          // The keyboard reaches it: the card's own button, then Tab, then Enter.
          await card(page, reported).getByRole('button', { name: 'Moment by Leo Park' }).focus();
          await page.keyboard.press('Tab');
          await waitForExpression(page, `document.activeElement?.getAttribute('aria-label') === ${JSON.stringify(leoMenu)}`, 'the ⋯ button to have the focus');
          await page.keyboard.press('Enter');
        }
        await page.getByRole('menuitem', { name: 'Report' }).waitFor();
        await page.getByRole('menuitem', { name: 'Block' }).waitFor();
        await expectAccessiblePage(page, `moment menu open at ${width} px`);
        await screenshot(page, `moment-menu-open-${width}`);

        await page.getByRole('menuitem', { name: 'Report' }).click();
        const report = page.getByRole('dialog', { name: "Report Leo Park's moment" });
        await report.getByText('This moment is sent to the administrator with your report.').waitFor();
        await report.getByLabel(/^Reason/).click();
        await page.getByRole('option', { name: 'Inappropriate content' }).click();
        await report.getByRole('textbox', { name: 'Note (optional)' }).fill(`Reported at ${width} px.`);
        await expectAccessiblePage(page, `moment report dialog at ${width} px`);
        await screenshot(page, `moment-menu-report-${width}`);
        await report.getByRole('button', { name: 'Send report' }).click();
        await expectToast(page, 'Report sent', 'Thank you. We review reports within 24 hours. You can also block Leo Park.');
        await report.waitFor({ state: 'detached' });

        // The report arrived, with the moment as it was.
        const reports = await reportsAboutLeo();
        const mine = reports.find((r) => r.note === `Reported at ${width} px.`);
        assert.ok(mine, `the report is in the queue: ${JSON.stringify(reports)}`);
        assert.equal(mine.reason, 'inappropriate_content');
        assert.deepEqual({ type: mine.evidence.type, text: mine.evidence.text, first: mine.evidence.firstMoment ?? false }, { type: 'moment', text: reported, first: viewport.name !== 'phone' });

        await card(page, reported).getByRole('button', { name: leoMenu, exact: true }).click();
        await page.getByRole('menuitem', { name: 'Block' }).click();
        const confirm = page.getByRole('dialog', { name: 'Block Leo Park?' });
        await confirm.getByRole('button', { name: 'Block' }).waitFor();
        await expectAccessiblePage(page, `block dialog from a moment at ${width} px`);
        await screenshot(page, `moment-menu-block-${width}`);
        await confirm.getByRole('button', { name: 'Block' }).click();
        await expectToast(page, 'Blocked', 'You and Leo Park will no longer see each other. You can undo this in General.');

        // Leo's moments leave the feed; Mia's stay; the focus goes to the heading, not the page's end.
        await card(page, leoPost).waitFor({ state: 'detached' });
        await card(page, leo.moment).waitFor({ state: 'detached' });
        await card(page, miaPost).waitFor();
        assert.equal(await feed.getByRole('listitem').count(), 2);
        await waitForExpression(page, `document.activeElement?.tagName === 'H1'`, 'the focus to go to the heading');
        await expectAccessiblePage(page, `feed after a block at ${width} px`);
        await screenshot(page, `moment-menu-blocked-${width}`);

        // And the server agrees: a fresh load of the feed leaves them out.
        await momentMode(page, url, miaPost);
        assert.equal(await card(page, leoPost).count(), 0);

        // Undone (as General would) for the next width.
        const feedNow = (await (await page.request.get(`${url}/api/moments/recommended`)).json()) as { moments: { author: { name: string } }[] };
        assert.ok(!feedNow.moments.some((m) => m.author.name === 'Leo Park'));
        const blocks = (await (await page.request.get(`${url}/api/blocks`)).json()) as { blocked: { profileId: string; name: string }[] };
        const leoBlock = blocks.blocked.find((b) => b.name === 'Leo Park');
        assert.ok(leoBlock, 'Leo is in the blocked list');
        assert.equal((await page.request.delete(`${url}/api/blocks/${leoBlock.profileId}`)).status(), 200);
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    });
  }
});

// "Your three for this week", in the browser: members opt in on the General page, the
// administrator runs the week's round from the Overview tab, each member finds the card row on
// /search, both say hello and both are told their conversation started in the mailbox. Walked at
// 390 and 1280 px and checked with axe at each step.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import type { BrowserContextOptions, Page } from 'playwright-core';

import { expectAccessiblePage } from './axe.js';
import { ana, leo, mia } from './cast.js';
import { openPage, screenshot, useServerAndBrowser } from './harness.js';
import { completeMember, grantAdmin } from './members.js';
import { expectToast } from './toast.js';

const adminEmail = 'e2e-weekly-admin@example.com';
process.env.ADMIN_EMAIL = adminEmail;

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 800 } };

const thisWeek = (page: Page) => page.getByRole('region', { name: 'This week' });

void describe('weekly introductions, in the browser', () => {
  const env = useServerAndBrowser();
  const states: Record<'ana' | 'mia' | 'leo' | 'admin', StorageState | undefined> = { ana: undefined, mia: undefined, leo: undefined, admin: undefined };

  before(async () => {
    const { server, browser } = env();
    for (const [key, spec] of [['ana', ana], ['mia', mia], ['leo', leo], ['admin', { ...leo, name: 'Ada Admin', email: adminEmail }]] as const) {
      const { page, close } = await openPage(browser);
      try {
        await completeMember(page, server, spec, 'e2e-weekly');
        // Ana opts in through the General page below; Mia and Leo through the same route.
        if (key === 'mia' || key === 'leo') assert.equal((await page.request.put(`${server.url}/api/weekly-introductions/settings`, { data: { optedIn: true } })).status(), 200);
        states[key] = await page.context().storageState();
      } finally {
        await close();
      }
    }
    grantAdmin(server, adminEmail);
  });

  void it('a member opts in on the General page', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { ...phone, storageState: states.ana });
    try {
      await page.goto(`${url}/general`);
      const toggle = page.getByRole('switch', { name: 'Weekly introductions' });
      await toggle.waitFor();
      assert.equal(await toggle.isChecked(), false, 'off by default');
      await page.getByText("Each week we suggest up to three members who'd likely say yes to you too; only people who also opted in.").waitFor();
      await toggle.click({ force: true });
      await expectToast(page, 'Saved', 'You will get your introductions with the next weekly round.');
      assert.equal(await toggle.isChecked(), true);
      await expectAccessiblePage(page, 'General with weekly introductions at 390 px');
      await screenshot(page, 'weekly-general-390');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('the administrator runs the week\'s round from the Overview', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { ...desktop, storageState: states.admin });
    try {
      await page.goto(`${url}/admin`);
      const panel = page.getByRole('region', { name: 'Weekly introductions' });
      await panel.getByText('No weekly round yet.', { exact: false }).waitFor();
      await panel.getByRole('button', { name: 'Run this week’s round now' }).click();
      await panel.getByText('This week’s round is done.').waitFor({ timeout: 30_000 });
      await panel.getByText('Members in').waitFor();
      const figures = await panel.innerText();
      assert.match(figures, /Members in\s*3/);
      assert.match(figures, /Pairs made\s*[1-3]/);
      await expectAccessiblePage(page, 'admin Overview with the weekly round at 1280 px');
      await screenshot(page, 'weekly-admin-1280');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('both say hello from the card row, and both are told the conversation started', async () => {
    const { url, browser } = env();
    const first = await openPage(browser, { ...phone, storageState: states.ana });
    const second = await openPage(browser, { ...desktop, storageState: states.mia });
    try {
      // Ana, on her phone: the row, Mia's card with its reason; she says hello.
      await first.page.goto(`${url}/search`);
      const row = thisWeek(first.page);
      await row.getByRole('heading', { name: 'This week', level: 2 }).waitFor();
      const miaCard = row.getByRole('listitem', { name: 'Mia Chen' });
      await miaCard.waitFor();
      assert.match(await miaCard.innerText(), /Vancouver/);
      assert.ok((await row.getByTestId('weekly-card').count()) <= 3, 'three at most');
      await expectAccessiblePage(first.page, 'the card row at 390 px');
      await screenshot(first.page, 'weekly-row-390');
      await miaCard.getByRole('button', { name: 'Say hello to Mia Chen' }).click();
      await miaCard.getByText('You said hello. If Mia Chen does too, your conversation starts in your mailbox.').waitFor();
      await screenshot(first.page, 'weekly-waiting-390');

      // Mia, on a laptop, was not told of Ana's hello; her hello makes it mutual.
      await second.page.goto(`${url}/search`);
      const anaCard = thisWeek(second.page).getByRole('listitem', { name: 'Ana Lee' });
      await anaCard.getByRole('button', { name: 'Say hello to Ana Lee' }).waitFor();
      await expectAccessiblePage(second.page, 'the card row at 1280 px');
      await screenshot(second.page, 'weekly-row-1280');
      await anaCard.getByRole('button', { name: 'Say hello to Ana Lee' }).click();
      await expectToast(second.page, 'You both said hello', 'Your conversation with Ana Lee has started in your mailbox.');
      await anaCard.getByText('You both said hello — your conversation has started in your', { exact: false }).waitFor();
      await expectAccessiblePage(second.page, 'a mutual hello at 1280 px');
      await screenshot(second.page, 'weekly-mutual-1280');

      // Ana comes back: the notice, the card, and Mia's introduction in her mailbox.
      await first.page.goto(`${url}/search`);
      await expectToast(first.page, 'You both said hello', 'Your conversation with Mia Chen has started in your mailbox.');
      await thisWeek(first.page).getByRole('listitem', { name: 'Mia Chen' }).getByText('You both said hello', { exact: false }).waitFor();
      await expectAccessiblePage(first.page, 'a mutual hello at 390 px');
      await screenshot(first.page, 'weekly-mutual-390');
      // A pass hides the card for good.
      await thisWeek(first.page).getByRole('button', { name: 'Pass on Leo Park' }).click();
      await thisWeek(first.page).getByRole('listitem', { name: 'Leo Park' }).waitFor({ state: 'detached' });
      await first.page.reload();
      await thisWeek(first.page).getByRole('listitem', { name: 'Mia Chen' }).waitFor();
      assert.equal(await thisWeek(first.page).getByRole('listitem', { name: 'Leo Park' }).count(), 0);
      const inbox = (await (await first.page.request.get(`${url}/api/messages?box=inbox`)).json()) as { messages: { subject: string }[] };
      assert.deepEqual(inbox.messages.map((m) => m.subject), ['Mia Chen would like to meet you']);
      assert.deepEqual(first.errors, []);
      assert.deepEqual(second.errors, []);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

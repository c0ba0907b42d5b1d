// Inbox control, in the browser: a member chooses on the General page who may start a
// conversation with them; a member outside the choice is told in plain words when sending from
// the mailbox, and can write once the member likes them. Walked at 390 and 1280 px, checked with
// axe at each step.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import type { BrowserContextOptions } from 'playwright-core';

import { expectAccessiblePage } from './axe.js';
import { ana, mia } from './cast.js';
import { openPage, screenshot, useServerAndBrowser } from './harness.js';
import { completeMember } from './members.js';
import { expectToast } from './toast.js';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 800 } };

void describe('inbox control, in the browser', () => {
  const env = useServerAndBrowser();
  const states: Record<'ana' | 'mia', StorageState | undefined> = { ana: undefined, mia: undefined };

  before(async () => {
    const { server, browser } = env();
    for (const [key, spec] of [['ana', ana], ['mia', mia]] as const) {
      const { page, close } = await openPage(browser);
      try {
        await completeMember(page, server, spec, 'e2e-inbox');
        states[key] = await page.context().storageState();
      } finally {
        await close();
      }
    }
  });

  void it('a member chooses "Only members I liked" on the General page', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { ...phone, storageState: states.ana });
    try {
      await page.goto(`${url}/general`);
      const group = page.getByRole('radiogroup', { name: 'New conversations from' });
      await group.waitFor();
      assert.equal(await group.getByRole('radio', { name: 'Everyone' }).isChecked(), true, 'everyone by default');
      await expectAccessiblePage(page, 'General with inbox control at 390 px');
      await group.getByRole('radio', { name: 'Only members I liked' }).check({ force: true });
      await expectToast(page, 'Saved', 'Only members you liked may start a conversation with you.');
      await page.reload();
      assert.equal(await page.getByRole('radio', { name: 'Only members I liked' }).isChecked(), true, 'kept after a reload');
      await page.getByRole('heading', { name: 'Who may start a conversation with me' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'inbox-general-390');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('a member she has not liked is told in plain words; once she likes him the message goes', async () => {
    const { url, browser } = env();
    const anaPage = await openPage(browser, { ...desktop, storageState: states.ana });
    const miaPage = await openPage(browser, { ...desktop, storageState: states.mia });
    try {
      const anaProfile = (await (await anaPage.page.request.get(`${url}/api/profile`)).json()) as { mailbox_address: string };
      const miaProfile = (await (await miaPage.page.request.get(`${url}/api/profile`)).json()) as { id: string };
      const { page } = miaPage;
      const send = async () => {
        await page.getByRole('button', { name: 'Compose' }).click();
        const dialog = page.getByRole('dialog', { name: 'New message' });
        await dialog.getByRole('textbox', { name: 'To' }).fill(anaProfile.mailbox_address);
        await dialog.getByRole('textbox', { name: 'Subject' }).fill('Hiking on Saturday?');
        await dialog.getByRole('textbox', { name: 'Message' }).fill('The ridge trail, if the weather holds.');
        await dialog.getByRole('button', { name: 'Send' }).click();
      };
      await page.goto(`${url}/mailbox`);
      await send();
      await expectToast(page, 'Send failed', 'This member is not accepting new conversations right now');
      await expectAccessiblePage(page, 'the refused message at 1280 px');
      await screenshot(page, 'inbox-refused-1280');

      assert.equal((await anaPage.page.request.put(`${url}/api/likes/${miaProfile.id}`)).status(), 200);
      await page.getByRole('dialog', { name: 'New message' }).getByRole('button', { name: 'Send' }).click();
      await expectToast(page, 'Message sent');
      await anaPage.page.goto(`${url}/general`);
      await anaPage.page.getByRole('radiogroup', { name: 'New conversations from' }).waitFor();
      await expectAccessiblePage(anaPage.page, 'General with inbox control at 1280 px');
      await screenshot(anaPage.page, 'inbox-general-1280');
      assert.deepEqual(miaPage.errors.filter((line) => !line.includes('403')), []);
      assert.deepEqual(anaPage.errors, []);
    } finally {
      await anaPage.close();
      await miaPage.close();
    }
  });
});

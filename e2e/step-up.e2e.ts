// Settings' sign-in section and the step-up dialog (issue 23), in the browser: a weak new password
// is refused before anything is asked; a strong one opens the step-up dialog (checked with axe at
// 1280 px, also with a wrong password's error), the right password changes it; the sign-in e-mail
// changes with the code mailed to the new address; at 390 px the account deletion asks for the
// phrase and then the password (axe again), and with campus sign-in configured the dialog offers
// "Confirm with your campus account", which goes to the provider with the page to come back to.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import type { Page } from 'playwright-core';

import { expectAccessiblePage, waitForExpression } from './axe.js';
import { mia } from './cast.js';
import { openPage, screenshot, useServerAndBrowser, type WatchedPage } from './harness.js';
import { completeMember, freshEmail, password, readCode } from './members.js';
import { expectToast } from './toast.js';

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const newPassword = 'violet tram ocean pepper';

const unexpected = (errors: string[]) => errors.filter((error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error));
const stepUpDialog = (page: Page) => page.getByRole('dialog', { name: "Confirm it's you" });

async function fillNewPassword(page: Page, value: string, confirmation = value): Promise<void> {
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill(value);
  await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(confirmation);
  await form.getByRole('button', { name: 'Update Password' }).click();
}

void describe('step-up: Settings sign-in and account deletion, in the browser', () => {
  const env = useServerAndBrowser({ needsDataDir: true });
  let member: WatchedPage;
  let currentPassword = password;

  before(async () => {
    const { browser, server } = env();
    member = await openPage(browser, { viewport: desktop });
    await completeMember(member.page, server, { ...mia, name: 'Sia Step' }, 'stepup');
  });

  void it('changes the password at 1280 px: weak refused first, then the step-up dialog (axe), a wrong password, the right one', async () => {
    const { url } = env();
    const { page } = member;
    await page.goto(`${url}/settings`);
    await page.getByRole('heading', { name: 'Sign-in', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Change password' }).click();

    await fillNewPassword(page, newPassword, `${newPassword}!`);
    await expectToast(page, "Passwords don't match", 'Please make sure both passwords are identical.');
    await fillNewPassword(page, 'qwerty123');
    await expectToast(page, 'Password too weak', 'This password is too common or easy to guess. Try a longer phrase of a few unrelated words.');
    assert.equal(await stepUpDialog(page).count(), 0, 'nobody is asked for a password for a change that would be refused');

    await fillNewPassword(page, newPassword);
    const dialog = stepUpDialog(page);
    await dialog.waitFor();
    const field = dialog.getByLabel('Current password');
    await waitForExpression(page, `document.activeElement?.getAttribute('name') === 'current-password'`, 'the password field to have the focus');
    assert.equal(await dialog.getByRole('button', { name: 'Confirm with your campus account' }).count(), 0, 'no campus option without campus sign-in');
    await expectAccessiblePage(page, 'step-up dialog at 1280 px');
    await screenshot(page, 'step-up-dialog-1280');

    await field.fill('not-my-password');
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await dialog.getByText('Incorrect password. Please try again.').waitFor();
    await expectAccessiblePage(page, 'step-up dialog with a wrong password at 1280 px');
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    const describedBy = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
    const described = (await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' | ');
    assert.match(described, /Incorrect password\. Please try again\./, 'the error is read with the field');

    await field.fill(password);
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expectToast(page, 'Password Updated');
    await dialog.waitFor({ state: 'hidden' });
    currentPassword = newPassword;

    const signIn = await page.request.post(`${url}/api/auth/login`, { data: { email: (await session(page, url)).email, password: newPassword } });
    assert.equal(signIn.status(), 200, 'the new password signs in');
    assert.deepEqual(unexpected(member.errors), []);
  });

  void it('changes the sign-in e-mail with the code mailed to the new address', async () => {
    const { url, server } = env();
    const { page } = member;
    await page.goto(`${url}/settings`);
    await page.getByRole('button', { name: 'Change e-mail' }).click();
    const target = freshEmail('stepup-new');
    const form = page.getByRole('form', { name: 'Change sign-in e-mail' });
    await form.getByRole('textbox', { name: 'New sign-in e-mail' }).fill(target);
    await form.getByRole('button', { name: 'Send code' }).click();

    const dialog = stepUpDialog(page);
    await dialog.getByLabel('Current password').fill(currentPassword);
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expectToast(page, 'Verification code sent');

    const code = await readCode(server.dataDir, target);
    const confirm = page.getByRole('form', { name: 'Confirm the new e-mail' });
    await confirm.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await expectAccessiblePage(page, 'the e-mail change code form at 1280 px');
    await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expectToast(page, 'E-mail Updated', 'Your sign-in e-mail was changed.');
    await page.getByText(`You sign in with ${target}.`, { exact: false }).waitFor();
    assert.equal((await session(page, url)).email, target);
    assert.deepEqual(unexpected(member.errors), []);
  });

  void it('asks the phrase and then the password to delete the account at 390 px; offers the campus account when configured', async () => {
    const { browser, url } = env();
    const mobile = await openPage(browser, { viewport: phone, isMobile: true, hasTouch: true });
    try {
      await mobile.page.context().addCookies(await member.page.context().cookies());
      const { page } = mobile;
      // As the session answers once campus sign-in (OpenID Connect) is configured.
      await page.route('**/api/auth/session', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { features?: Record<string, unknown> };
        await route.fulfill({ response, json: { ...body, features: { ...body.features, campusSignIn: { label: 'Campus ID' } } } });
      });
      let campusLogin: string | null = null;
      await page.route('**/api/auth/oidc/login**', async (route) => {
        campusLogin = route.request().url();
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Campus ID</title><main><h1>Campus ID</h1></main></html>' });
      });

      await page.goto(`${url}/delete-account`);
      await page.getByRole('heading', { name: 'Delete Account', level: 1 }).waitFor();
      await page.getByTestId('delete-confirmation').fill('DELETE MY ACCOUNT');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = stepUpDialog(page);
      const campus = dialog.getByRole('button', { name: 'Confirm with your campus account' });
      await campus.waitFor();
      await dialog.getByText('Enter your password to delete your account.').waitFor();
      await expectAccessiblePage(page, 'step-up dialog with the campus option at 390 px');
      await screenshot(page, 'step-up-dialog-campus-390');
      const cut = await campus.evaluate((button) => [...button.querySelectorAll('span')].some((span) => span.scrollWidth > span.clientWidth + 1));
      assert.equal(cut, false, 'the campus button says all of its label');
      const overflow = (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
      assert.ok(overflow <= 0, `the dialog fits the phone's width (overflow ${String(overflow)} px)`);

      // Cancel: nothing happens, the account stays.
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      assert.equal((await session(page, url)).email !== null, true);

      // The campus option goes to the provider, with this page to come back to.
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await campus.click();
      await page.getByRole('heading', { name: 'Campus ID' }).waitFor();
      assert.ok(campusLogin, 'the provider was asked');
      assert.equal(new URL(campusLogin).searchParams.get('returnTo'), '/delete-account');

      // Back, and with the password this time.
      await page.goto(`${url}/delete-account`);
      await page.getByTestId('delete-confirmation').fill('DELETE MY ACCOUNT');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByLabel('Current password').fill(currentPassword);
      await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expectToast(page, 'Account deleted');
      await page.waitForURL(`${url}/`, { timeout: 5_000 });
      assert.deepEqual(unexpected(mobile.errors), []);
    } finally {
      await mobile.close();
    }
  });
});

async function session(page: Page, url: string): Promise<{ email: string | null }> {
  const body = (await (await page.request.get(`${url}/api/auth/session`)).json()) as { user: { email: string } | null };
  return { email: body.user?.email ?? null };
}

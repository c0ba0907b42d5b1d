// Sign-in with the campus account against a real OpenID provider (oidc-provider, served over
// https with a throwaway certificate the server trusts through NODE_EXTRA_CA_CERTS), at 390 and
// 1280 px: the campus button above the e-mail form, the provider's login page, back signed in and
// on to onboarding; a password member who links once after proving the password; a refused
// sign-in's toast. Every screen passes axe.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import type { CampusIdp } from '../server/test/campus-idp.js';
import { expectAccessiblePage } from './axe.js';
import { type CampusProvider, startCampusProvider } from './campus-provider.js';
import { viewports } from './cast.js';
import { launchBrowser, openPage, type RunningServer, screenshot, startServer } from './harness.js';
import { freshEmail, password, signUp } from './members.js';
import { expectToast } from './toast.js';

const label = 'Sign in with your campus account';
let idp: CampusIdp;
let server: RunningServer;
let browser: Browser;
let campus: CampusProvider;

/** At the provider's development login page: any name signs in (it becomes the e-mail and the subject). */
async function loginAtProvider(page: Page, login: string): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
}

void describe('campus sign-in (OpenID Connect)', { skip: process.env.E2E_BASE_URL ? 'needs its own server' : false }, () => {
  before(async () => {
    campus = await startCampusProvider();
    idp = campus.idp;
    server = await startServer({ port: campus.port });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
    await server.stop();
    await campus.close();
  });

  for (const viewport of viewports) {
    void it(`signs a new person in with the campus button and goes on to onboarding (${viewport.name})`, async () => {
      const { page, errors, close } = await openPage(browser, { viewport, ignoreHTTPSErrors: true });
      try {
        await page.goto(`${server.url}/auth`);
        const button = page.getByRole('link', { name: label });
        await button.waitFor();
        // Above the e-mail form.
        const [buttonBox, emailBox] = [await button.boundingBox(), await page.getByRole('textbox', { name: 'Email' }).boundingBox()];
        assert.ok(buttonBox && emailBox && buttonBox.y < emailBox.y, 'the campus button is above the e-mail field');
        await expectAccessiblePage(page, `auth with the campus button (${viewport.name})`);
        await screenshot(page, `campus-auth-${viewport.name}`);

        assert.deepEqual(errors, []);
        await button.click();
        await page.waitForURL(`${idp.issuer}/**`);
        await loginAtProvider(page, `new-${viewport.name}-${Date.now()}@example.edu`);
        await page.waitForURL(`${server.url}/onboarding`);
        errors.length = 0; // the provider's own page fetches web fonts this machine cannot reach
        await page.getByRole('textbox', { name: 'Your Name', exact: true }).waitFor();
        await screenshot(page, `campus-onboarding-${viewport.name}`);
        await expectAccessiblePage(page, `onboarding after campus sign-in (${viewport.name})`);
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    });
  }

  void it('links an existing password account once its password is proven (1280 px)', async () => {
    const { page, errors, close } = await openPage(browser, { viewport: viewports[1], ignoreHTTPSErrors: true });
    try {
      const email = freshEmail('campus-link');
      await signUp(page, server, 'campus-link', email);
      await page.context().clearCookies();
      await page.goto(`${server.url}/auth`);
      await page.getByRole('link', { name: label }).click();
      await loginAtProvider(page, email);
      await page.waitForURL(`${server.url}/auth?campus=link`);
      errors.length = 0; // the provider's own page fetches web fonts this machine cannot reach
      await page.getByRole('heading', { name: 'Link your campus account' }).waitFor();
      await page.getByText(`${email} already has`).waitFor();
      await expectAccessiblePage(page, 'link the campus account (desktop)');
      await screenshot(page, 'campus-link-desktop');
      await page.locator('input[name="password"]').fill(password);
      await page.getByRole('button', { name: 'Link and sign in' }).click();
      await page.waitForURL(`${server.url}/onboarding**`);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('says why a campus sign-in was refused (390 px)', async () => {
    const { page, close } = await openPage(browser, { viewport: viewports[0], ignoreHTTPSErrors: true });
    try {
      await page.goto(`${server.url}/auth?campus_error=campus_state`);
      await expectToast(page, 'Sign In Failed', 'This campus sign-in did not start in this browser, or it was already used. Please try again.');
      await page.waitForURL(`${server.url}/auth`);
      await expectAccessiblePage(page, 'auth with a refused campus sign-in (phone)');
    } finally {
      await close();
    }
  });
});

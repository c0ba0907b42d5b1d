// The administrator's area against the real server: signing in lands on /admin, every tab renders
// (and passes axe) at phone and desktop widths, NFC locations are created, edited and deleted, a
// user is deleted, members and visitors are turned away, and a format fix runs to its end.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import type { BrowserContextOptions, Page } from 'playwright-core';

import { expectAccessiblePage, waitForSettled } from './axe.js';
import { leo, viewports } from './cast.js';
import { openPage, screenshot, useServerAndBrowser } from './harness.js';
import { completeMember, password, poll, signUp, signUpWithBasicInfo, grantAdmin } from './members.js';
import { expectToast } from './toast.js';

// The server is started with this ADMIN_EMAIL (the harness passes the environment on); the account
// gets the admin role through the CLI, as an operator would grant it.
const adminEmail = 'e2e-admin-dashboard@example.com';
process.env.ADMIN_EMAIL = adminEmail;

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

// Routes the server does not have yet answer 404, which the browser logs; nothing else may be logged.
const unexpected = (errors: string[]) => errors.filter((error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error));

/** Each tab and the heading of the panel it opens with. */
const tabs = [
  { name: 'Overview', panel: 'Recent admin actions' },
  { name: 'NFC Locations', panel: 'NFC Locations' },
  { name: 'Users', panel: 'Users' },
  { name: 'AI System', panel: 'Maintenance tools' },
  { name: 'Payments', panel: 'Payments' },
  { name: 'Settings', panel: 'Settings' },
  { name: 'Moderation', panel: 'Moderation' },
];

const maintenancePages = [
  { path: '/regenerate-embeddings', title: 'Regenerate Embeddings' },
  { path: '/batch-enhance-profiles', title: 'Batch AI Enhancement' },
  { path: '/fix-formats', title: 'Fix Profile Formats' },
  { path: '/batch-standardize-locations', title: 'Batch Address Standardisation' },
  { path: '/batch-standardize', title: 'Batch AI Standardization' },
];

/** How far the page is wider than the window, in px (0 when nothing sticks out). */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

const slug = (text: string) => text.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

/** Nothing still loading in the open tab (the spinners are named "Loading …"). */
async function loaded(page: Page): Promise<void> {
  const spinners = page.getByRole('tabpanel').getByLabel(/^Loading /);
  await poll(async () => ((await spinners.count()) === 0 ? true : null), 'the tab to load');
  await waitForSettled(page);
}

void describe('admin dashboard and maintenance pages, in the browser', () => {
  const env = useServerAndBrowser({ needsDataDir: true });
  let adminState: StorageState | undefined;
  let memberState: StorageState | undefined;

  before(async () => {
    const { server, browser } = env();
    const admin = await openPage(browser);
    try {
      await signUpWithBasicInfo(admin.page, server, 'e2e-admin', adminEmail);
      grantAdmin(server, adminEmail);
    } finally {
      await admin.close();
    }
    const member = await openPage(browser);
    try {
      await completeMember(member.page, server, leo, 'e2e-admin');
      memberState = await member.page.context().storageState();
    } finally {
      await member.close();
    }
  });

  void it('the administrator signs in and lands on /admin', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(`${url}/auth`);
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(adminEmail);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL((current) => current.pathname === '/admin');
      await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Back to App' }).getAttribute('href'), '/search');
      adminState = await page.context().storageState();
      assert.deepEqual(unexpected(errors), []);
    } finally {
      await close();
    }
  });

  for (const viewport of viewports) {
    void it(`every tab renders and passes axe at ${String(viewport.width)} px`, async () => {
      const { url, browser } = env();
      const { page, errors, close } = await openPage(browser, { viewport: { width: viewport.width, height: viewport.height }, hasTouch: viewport.name === 'phone', storageState: adminState });
      try {
        await page.goto(`${url}/admin`);
        for (const tab of tabs) {
          await page.getByRole('tab', { name: tab.name }).click();
          await page.getByRole('tabpanel').getByRole('heading', { name: tab.panel, level: 2 }).waitFor();
          await loaded(page);
          // The release the server runs heads its settings (package.json's version, the build's commit).
          if (tab.name === 'Settings') await page.getByRole('tabpanel').getByText(/^Kindred \d+\.\d+\.\d+ · commit \S+$/).waitFor();
          await expectAccessiblePage(page, `${tab.name} tab at ${String(viewport.width)} px`);
          // Nothing wider than the screen: tables become cards or scroll inside their panel.
          const overflow = await horizontalOverflow(page);
          assert.ok(overflow <= 0, `${tab.name} tab overflows the page by ${String(overflow)} px`);
          await screenshot(page, `admin-${slug(tab.name)}-${String(viewport.width)}`);
        }
        // The open tab is in the address, so a reload keeps it.
        await page.reload();
        assert.equal(await page.getByRole('tab', { name: 'Moderation' }).getAttribute('aria-selected'), 'true');
        assert.deepEqual(unexpected(errors), []);
      } finally {
        await close();
      }
    });

    void it(`the maintenance pages render and pass axe at ${String(viewport.width)} px`, async () => {
      const { url, browser } = env();
      const { page, errors, close } = await openPage(browser, { viewport: { width: viewport.width, height: viewport.height }, hasTouch: viewport.name === 'phone', storageState: adminState });
      try {
        for (const maintenance of maintenancePages) {
          await page.goto(`${url}${maintenance.path}`);
          await page.getByRole('heading', { name: maintenance.title, level: 1 }).waitFor();
          assert.equal(await page.getByRole('link', { name: 'Back to Admin' }).getAttribute('href'), '/admin?tab=ai');
          await expectAccessiblePage(page, `${maintenance.path} at ${String(viewport.width)} px`);
          const overflow = await horizontalOverflow(page);
          assert.ok(overflow <= 0, `${maintenance.path} overflows the page by ${String(overflow)} px`);
          await screenshot(page, `maintenance-${slug(maintenance.path)}-${String(viewport.width)}`);
        }
        assert.deepEqual(unexpected(errors), []);
      } finally {
        await close();
      }
    });
  }

  void it('NFC locations are created, edited (the location ID stays) and deleted after a confirmation', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 1280, height: 800 }, storageState: adminState });
    try {
      await page.goto(`${url}/admin?tab=nfc`);
      await page.getByRole('button', { name: 'Add location' }).click();
      const form = page.getByRole('dialog', { name: 'Add NFC location' });
      await form.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'Please fill in required fields');
      await form.getByRole('textbox', { name: 'Name' }).fill('Main Library');
      await form.getByRole('textbox', { name: 'Location ID' }).fill('main-library');
      await form.getByRole('textbox', { name: 'Address' }).fill('1961 East Mall, Vancouver');
      await expectAccessiblePage(page, 'add NFC location dialog');
      await screenshot(page, 'admin-nfc-add-dialog-1280');
      await form.getByRole('button', { name: 'Create' }).click();
      await form.waitFor({ state: 'detached' });
      const table = page.getByRole('table', { name: 'NFC locations' });
      const row = table.getByRole('row').filter({ hasText: 'Main Library' });
      await row.getByText('Active', { exact: true }).waitFor();
      assert.equal(await row.getByRole('link', { name: 'Preview Main Library (opens in a new tab)' }).getAttribute('href'), '/nfc?location=main-library');
      assert.equal(await row.getByRole('link', { name: /^Preview / }).getAttribute('target'), '_blank');

      // The same location ID twice: the server's reason in the spec's toast.
      await page.getByRole('button', { name: 'Add location' }).click();
      await form.getByRole('textbox', { name: 'Name' }).fill('Library again');
      await form.getByRole('textbox', { name: 'Location ID' }).fill('main-library');
      await form.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'Failed to create location');
      await form.getByRole('button', { name: 'Cancel' }).click();

      await row.getByRole('button', { name: 'Edit Main Library' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit NFC location' });
      const locationId = edit.getByRole('textbox', { name: 'Location ID' });
      assert.equal(await locationId.inputValue(), 'main-library');
      assert.equal(await locationId.getAttribute('readonly'), '');
      await edit.getByRole('textbox', { name: 'Name' }).fill('Koerner Library');
      await edit.getByRole('switch', { name: 'Active' }).uncheck({ force: true });
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'detached' });
      const edited = table.getByRole('row').filter({ hasText: 'Koerner Library' });
      await edited.getByText('Inactive', { exact: true }).waitFor();
      await screenshot(page, 'admin-nfc-list-1280');

      await edited.getByRole('button', { name: 'Delete Koerner Library' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete location?' });
      await confirm.getByRole('button', { name: 'Delete location' }).click();
      await confirm.waitFor({ state: 'detached' });
      await edited.waitFor({ state: 'detached' });
      // The demo touchpoint every install has stays.
      await table.getByRole('row').filter({ hasText: 'demo' }).first().waitFor();
      assert.deepEqual(unexpected(errors), []);
    } finally {
      await close();
    }
  });

  void it('a user is found by search and deleted after a confirmation', async () => {
    const { url, server, browser } = env();
    const doomed = await openPage(browser);
    const email = await signUp(doomed.page, server, 'e2e-admin-doomed');
    await doomed.close();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true, storageState: adminState });
    try {
      await page.goto(`${url}/admin?tab=users`);
      await page.getByRole('textbox', { name: 'Search users' }).fill(email);
      const cards = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
      // The unfiltered list stays on screen until the search answers.
      await poll(async () => ((await cards.count()) === 1 ? true : null), 'the search to find the one user');
      await cards.filter({ hasText: email }).waitFor();
      await cards.first().getByRole('button', { name: `Delete ${email}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete user?' });
      await expectAccessiblePage(page, 'delete user dialog at 390 px');
      await screenshot(page, 'admin-users-delete-dialog-390');
      await confirm.getByRole('button', { name: 'Delete user' }).click();
      // The administrator's password, just now (the step-up dialog takes the confirmation's place).
      const stepUp = page.getByRole('dialog', { name: "Confirm it's you" });
      await stepUp.getByLabel('Current password').fill(password);
      await stepUp.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expectToast(page, 'User Deleted');
      await page.getByText(`User ${email} has been permanently deleted.`).waitFor();
      await page.getByText(/^No users match/).waitFor();
      assert.deepEqual(unexpected(errors), []);
    } finally {
      await close();
    }
  });

  void it('failures show the spec\'s messages: a list that cannot load, a run that cannot start', async () => {
    const { url, browser } = env();
    const { page, close } = await openPage(browser, { viewport: { width: 1280, height: 800 }, storageState: adminState });
    try {
      const refuse = (status: number, code: string, message: string) => ({ status, contentType: 'application/json', body: JSON.stringify({ error: { code, message } }) });
      await page.route('**/api/admin/users?*', (route) => route.fulfill(refuse(403, 'admin_only', 'Only the administrator may do that.')));
      await page.route('**/api/admin/payments', (route) => route.fulfill(refuse(404, 'not_found', 'No API route for GET /api/admin/payments')));
      await page.route('**/api/admin/jobs/*/runs', (route) => route.fulfill(refuse(409, 'job_running', 'The job is already running; wait for it to finish.')));

      await page.goto(`${url}/admin?tab=users`);
      await expectToast(page, 'Error');
      await page.getByText('Failed to load users. Make sure you have admin permissions.').waitFor();
      await page.getByText('The users could not be loaded.').waitFor();
      await page.getByRole('tab', { name: 'Payments' }).click();
      await page.getByText('Failed to load payments. Make sure you have admin permissions.').waitFor();
      await page.getByText('No API route for GET /api/admin/payments').waitFor();

      // The AI System tab puts embedding errors in its status line, not in a toast.
      await page.getByRole('tab', { name: 'AI System' }).click();
      await page.getByRole('button', { name: 'Regenerate embeddings' }).click();
      await page.getByTestId('embeddings-status').filter({ hasText: 'The job is already running; wait for it to finish.' }).waitFor();
      await expectAccessiblePage(page, 'AI System tab with an error in the status line');

      // A maintenance page says it in a toast with the spec's title (its Chinese, 修复失败, is the
      // zh-Hans catalogue's: the administrator reads it in their own language).
      await page.goto(`${url}/fix-formats`);
      await page.getByRole('button', { name: 'Fix formats' }).click();
      await expectToast(page, 'Fix failed');
      await page.getByText('The job is already running; wait for it to finish.').waitFor();
    } finally {
      await close();
    }
  });

  void it('a page opened mid-run shows the run\'s progress and holds its buttons', async () => {
    const { url, browser } = env();
    for (const viewport of viewports) {
      const { page, close } = await openPage(browser, { viewport: { width: viewport.width, height: viewport.height }, storageState: adminState });
      try {
        // A run under way elsewhere (the CLI, another tab): 12 of 40 done.
        const running = { id: '00000000-0000-4000-8000-000000000001', dryRun: false, state: 'running', total: 40, processed: 12, succeeded: 10, failed: 0, skipped: 2, error: null, startedBy: null, startedAt: new Date().toISOString(), finishedAt: null, options: {} };
        await page.route('**/api/admin/jobs?name=*', (route) => {
          const name = new URL(route.request().url()).searchParams.get('name');
          return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ jobs: [], runs: [{ ...running, name }] }) });
        });
        await page.goto(`${url}/batch-standardize`);
        await page.getByTestId('run-progress').filter({ hasText: 'Standardizing profiles: 12 of 40 profiles…' }).waitFor();
        await page.getByText('Please don’t close this page while it runs.', { exact: false }).waitFor();
        assert.equal(await page.getByRole('button', { name: 'Start standardization' }).count(), 0, 'the start button is hidden while it runs');
        assert.equal(Number(await page.getByRole('progressbar').getAttribute('aria-valuenow')), 30);
        await expectAccessiblePage(page, `batch standardize mid-run at ${String(viewport.width)} px`);
        await screenshot(page, `maintenance-batch-standardize-running-${String(viewport.width)}`);

        await page.goto(`${url}/batch-enhance-profiles`);
        await page.getByTestId('run-progress').waitFor();
        assert.equal(await page.getByRole('button', { name: 'Smart run (missing only)' }).isDisabled(), true);
        assert.equal(await page.getByRole('button', { name: 'Forced run (everyone)' }).isDisabled(), true);
        await screenshot(page, `maintenance-batch-enhance-profiles-running-${String(viewport.width)}`);
      } finally {
        await close();
      }
    }
  });

  void it('a member is sent to /search and a visitor to /auth', async () => {
    const { url, browser } = env();
    const member = await openPage(browser, { storageState: memberState });
    try {
      for (const pathname of ['/admin', '/fix-formats']) {
        await member.page.goto(`${url}${pathname}`);
        await member.page.waitForURL((current) => current.pathname === '/search');
      }
    } finally {
      await member.close();
    }
    const visitor = await openPage(browser);
    try {
      await visitor.page.goto(`${url}/admin`);
      await visitor.page.waitForURL((current) => current.pathname === '/auth');
      assert.equal(new URL(visitor.page.url()).searchParams.get('redirect'), '/admin');
    } finally {
      await visitor.close();
    }
  });

  /** Each other maintenance page: its start button and what shows once its run has finished. */
  const runs = [
    { path: '/regenerate-embeddings', start: 'Regenerate all embeddings', done: (page: Page) => page.getByTestId('embeddings-result') },
    { path: '/batch-enhance-profiles', start: 'Smart run (missing only)', done: (page: Page) => page.getByText('AI backgrounds generated', { exact: true }) },
    { path: '/batch-standardize-locations', start: 'Standardise addresses', done: (page: Page) => page.getByRole('region', { name: 'Address details' }) },
    { path: '/batch-standardize', start: 'Start standardization', done: (page: Page) => page.getByRole('region', { name: 'Standardization results' }) },
  ];

  void it('every other maintenance page runs its job to the end and shows the results', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 1280, height: 800 }, storageState: adminState });
    try {
      for (const run of runs) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(`${url}${run.path}`);
        await page.getByRole('button', { name: run.start }).click();
        await run.done(page).waitFor({ timeout: 30_000 });
        if (run.path === '/batch-standardize') await expectToast(page, 'Batch standardization complete');
        await expectAccessiblePage(page, `${run.path} finished`);
        await screenshot(page, `maintenance-${slug(run.path)}-finished-1280`);
        await page.setViewportSize({ width: 390, height: 844 });
        await waitForSettled(page);
        assert.ok((await horizontalOverflow(page)) <= 0, `${run.path} overflows at 390 px`);
        await screenshot(page, `maintenance-${slug(run.path)}-finished-390`);
      }
      assert.deepEqual(unexpected(errors), []);
    } finally {
      await close();
    }
  });

  void it('/fix-formats starts a run, follows it and shows its counts; the AI System tab lists it', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 1280, height: 800 }, storageState: adminState });
    try {
      await page.goto(`${url}/fix-formats`);
      await page.getByRole('button', { name: 'Fix formats' }).click();
      const result = page.getByTestId('fix-formats-result');
      await result.waitFor({ timeout: 30_000 });
      const text = (await result.textContent()) ?? '';
      const counts = /^Updated (\d+) of (\d+) profiles\.$/.exec(text);
      assert.ok(counts, `the result says how many were updated: ${text}`);
      // The administrator and the member have profiles; the basic-information form already standardized them.
      assert.equal(Number(counts[2]), 2);
      assert.equal(Number(counts[1]), 0);
      await page.getByRole('link', { name: 'Regenerate embeddings' }).waitFor();
      await expectAccessiblePage(page, 'fix-formats finished');
      await screenshot(page, 'maintenance-fix-formats-finished-1280');

      // A reload shows the finished run's results again.
      await page.reload();
      await result.waitFor();

      await page.goto(`${url}/admin?tab=ai`);
      await page.getByTestId('job-run-line').filter({ hasText: /^fix-formats · completed · 2\/2 processed/ }).waitFor();
      await loaded(page);
      await screenshot(page, 'admin-ai-system-after-run-1280');

      // What the administrator did in the tests above is in the audit log.
      await page.getByRole('tab', { name: 'Overview' }).click();
      await page.getByRole('list', { name: 'Recent admin actions' }).getByRole('listitem').first().waitFor();
      await loaded(page);
      await expectAccessiblePage(page, 'overview with admin actions');
      await screenshot(page, 'admin-overview-with-actions-1280');
      assert.deepEqual(unexpected(errors), []);
    } finally {
      await close();
    }
  });
});

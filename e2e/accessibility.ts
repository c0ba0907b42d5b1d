// Every page (and the dialogs and forms that open on them) checked with axe-core against WCAG 2.2
// A and AA at phone and desktop widths, as the visitor or member who would see it.
//
// The checks run in two files, accessibility-phone.e2e.ts and accessibility-desktop.e2e.ts, one
// per width, so the browser tests can run them side by side.
//
// To check a new page, add one line to `views`: a label, who sees it, its path and what to wait
// for (usually a heading), e.g.
//   { label: 'mailbox', actor: 'member', path: '/mailbox', ready: heading('Mail box', 1) },
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import type { BrowserContextOptions, Page } from 'playwright-core';

import { demoScenes as authDemoScenes } from '../web/src/pages/auth/demoScenes.js';
import { expectAccessiblePage, waitForExpression } from './axe.js';
import { ana, leo, mia, viewports } from './cast.js';
import type { Viewport } from './cast.js';
import { openPage, screenshot, useServerAndBrowser } from './harness.js';
import type { RunningServer } from './harness.js';
import { completeMember, fillBasicInfoForm, freshEmail, goldenHour, password, signUp, signUpWithBasicInfo, grantAdmin } from './members.js';
import type { MemberSpec } from './members.js';

/**
 * Who opens the page: a signed-out visitor; a member just signed up (no basic information yet);
 * a member with basic information only; a member whose profile is complete; the administrator
 * (a complete member with the admin role and the ADMIN_EMAIL address).
 */
type Actor = 'visitor' | 'newcomer' | 'basic' | 'member' | 'admin';

interface View {
  label: string;
  actor: Actor;
  path: string;
  /** Waits for the view's content, after doing what opens it (a click, a form). */
  ready: (page: Page) => Promise<void>;
  /** Further states of the same page to check after the first, each passed to `check` with a label. */
  more?: (page: Page, check: (state: string) => Promise<void>) => Promise<void>;
}

const heading =
  (name: string | RegExp, level?: number) =>
  async (page: Page): Promise<void> => {
    await page.getByRole('heading', { name, ...(level ? { level } : {}) }).first().waitFor();
  };

const imagesLoaded = (page: Page) => waitForExpression(page, '[...document.images].every((img) => img.complete)', 'the images to load');

async function showResults(page: Page): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Who do you want to find?' });
  await box.fill('someone to go hiking with on weekends');
  await box.press('Enter');
  await page.getByRole('list', { name: 'Search results' }).getByTestId('result-card').first().waitFor({ timeout: 20_000 });
  await imagesLoaded(page);
}

async function momentMode(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Browse moments' }).click();
  await page.getByRole('heading', { name: 'Moments', level: 1 }).waitFor();
}

/** /auth's demo loops through its scenes beside (or under) the form: each scene is checked once. */
async function demoScenes(page: Page, check: (state: string) => Promise<void>): Promise<void> {
  const ids: string[] = authDemoScenes.map((scene) => scene.id);
  // A check slower than the next scene (a screenshot, a loaded machine) misses it: it comes back
  // within one loop.
  const loopMs = authDemoScenes.reduce((total, scene) => total + scene.durationMs, 0);
  const first = await page.locator('[data-scene]').getAttribute('data-scene');
  const start = Math.max(0, ids.indexOf(first ?? ''));
  for (let step = 1; step <= ids.length; step += 1) {
    const id = ids[(start + step) % ids.length] ?? '';
    await page.locator(`[data-scene="${id}"]`).waitFor({ timeout: loopMs + 5_000 });
    await check(`demo scene ${id}`);
  }
}

/** Chooses a picture on a page (once `pageHeading` shows) and waits for its editor dialog. */
const openEditor =
  (pageHeading: string, dialog: string) =>
  async (page: Page): Promise<void> => {
    await heading(pageHeading)(page);
    await page.locator('input[type="file"][accept="image/*"]').first().setInputFiles({ name: 'picture.png', mimeType: 'image/png', buffer: await goldenHour() });
    await page.getByRole('dialog', { name: dialog }).getByRole('button', { name: 'Apply' }).waitFor();
    await imagesLoaded(page);
  };

async function welcomeLetter(page: Page): Promise<void> {
  await page.getByRole('dialog').waitFor({ timeout: 6_000 });
}

const views: View[] = [
  { label: 'landing', actor: 'visitor', path: '/', ready: heading('Find your people on campus', 1) },
  { label: 'terms of service', actor: 'visitor', path: '/terms-of-service', ready: heading('12. How to reach us', 2) },
  { label: 'privacy policy', actor: 'visitor', path: '/privacy-policy', ready: heading('14. Contact us', 2) },
  { label: 'transparency report', actor: 'visitor', path: '/transparency', ready: (page) => page.getByRole('heading', { level: 2 }).first().waitFor() },
  { label: 'transparency report (member)', actor: 'member', path: '/transparency', ready: (page) => page.getByRole('heading', { level: 2 }).first().waitFor() },
  { label: 'contact', actor: 'visitor', path: '/contact', ready: (page) => page.getByText('Address', { exact: true }).waitFor() }, // the map link needs POSTAL_ADDRESS, unset here
  {
    label: 'help: a question open',
    actor: 'member',
    path: '/help',
    ready: async (page) => {
      await page.getByRole('button', { name: 'How does AI matching work?' }).click();
      await page.getByText('nothing you say is sent to an outside AI company', { exact: false }).waitFor();
    },
  },
  { label: 'sign-in', actor: 'visitor', path: '/auth', ready: heading(/^Sign in to /), more: demoScenes },
  { label: 'sign-up', actor: 'visitor', path: '/auth?mode=signup', ready: heading('Create your account') },
  {
    label: 'forgot password',
    actor: 'visitor',
    path: '/auth',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await heading('Reset your password')(page);
    },
  },
  {
    label: 'sign-up code',
    actor: 'visitor',
    path: '/auth?mode=signup',
    ready: async (page) => {
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(freshEmail('e2e-a11y'));
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(password);
      await page.getByRole('checkbox', { name: /I agree to the/ }).check();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await heading('Check your inbox')(page);
    },
  },
  { label: 'new password', actor: 'visitor', path: '/auth?type=recovery&token=not-a-real-token', ready: heading('Set a new password') },
  { label: 'unknown route', actor: 'visitor', path: '/no-such-page', ready: heading('Oops! Page not found') },
  { label: 'onboarding: basic information', actor: 'newcomer', path: '/onboarding', ready: heading('Basic Information') },
  {
    label: 'onboarding: member card',
    actor: 'newcomer',
    path: '/onboarding',
    ready: async (page) => {
      await heading('Basic Information')(page);
      await fillBasicInfoForm(page, { location: 'Vancouver', profession: 'Student' });
      await page.getByRole('button', { name: 'Continue' }).click();
      await heading('Confirm Your Information')(page);
    },
  },
  {
    label: 'onboarding: chat',
    actor: 'basic',
    path: '/onboarding',
    ready: (page) => page.getByRole('log', { name: 'Conversation' }).getByText(/^Hi Ana Lee! /).waitFor(),
  },
  {
    label: 'welcome',
    actor: 'member',
    path: '/welcome',
    ready: async (page) => {
      // The letter opens by itself after 2.5 s; the page is checked once it is closed again.
      await welcomeLetter(page);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    },
  },
  { label: 'welcome: letter dialog', actor: 'member', path: '/welcome', ready: welcomeLetter },
  { label: 'welcome letter', actor: 'member', path: '/welcome-letter', ready: heading(/^A letter from /) },
  { label: 'search', actor: 'member', path: '/search', ready: heading(/./, 1) },
  {
    label: 'search: menu',
    actor: 'member',
    path: '/search',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
    },
  },
  { label: 'search: results', actor: 'member', path: '/search', ready: showResults },
  {
    label: 'search: profile dialog',
    actor: 'member',
    path: '/search',
    ready: async (page) => {
      await showResults(page);
      await page.getByTestId('result-card').first().click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Basic Info' }).waitFor();
      await imagesLoaded(page);
    },
  },
  { label: 'moment mode', actor: 'member', path: '/search', ready: momentMode },
  {
    label: 'moment mode: upload dialog',
    actor: 'member',
    path: '/search',
    ready: async (page) => {
      await momentMode(page);
      await page.getByRole('button', { name: 'Share' }).click();
      await page.getByRole('menuitem', { name: 'Text' }).click();
      await page.getByRole('dialog', { name: 'Share a Moment' }).getByRole('textbox', { name: 'Your story' }).waitFor();
    },
  },
  {
    label: 'moment mode: moment menu',
    actor: 'member',
    path: '/search',
    ready: async (page) => {
      await momentMode(page);
      await page.getByRole('button', { name: /^More actions for .+'s moment$/ }).first().click();
      await page.getByRole('menuitem', { name: 'Report' }).waitFor();
      await imagesLoaded(page);
    },
    more: async (page, check) => {
      await page.getByRole('menuitem', { name: 'Report' }).click();
      await page.getByRole('dialog', { name: /^Report .+'s moment$/ }).getByRole('button', { name: 'Send report' }).waitFor();
      await check('report dialog');
    },
  },
  { label: 'moment history', actor: 'member', path: '/moment-history', ready: (page) => page.getByRole('list', { name: 'Your moments' }).waitFor() },
  {
    label: 'moment history: delete dialog',
    actor: 'member',
    path: '/moment-history',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Delete moment' }).first().click();
      await page.getByRole('dialog', { name: 'Delete Moment?' }).waitFor();
    },
  },
  { label: 'first moment', actor: 'member', path: '/settings/first-moment', ready: heading('Current First Moment') },
  { label: 'mailbox', actor: 'member', path: '/mailbox', ready: heading('Mail box', 1) },
  {
    label: 'mailbox: compose',
    actor: 'member',
    path: '/mailbox',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Compose' }).click();
      await page.getByRole('dialog', { name: 'New message' }).getByRole('textbox', { name: /^Subject/ }).waitFor();
    },
  },
  { label: 'mailbox: sent', actor: 'member', path: '/mailbox?box=sent', ready: (page) => page.getByText('No sent messages').waitFor() },
  { label: 'settings', actor: 'member', path: '/settings', ready: heading('Information') },
  { label: 'payment success (no session)', actor: 'member', path: '/payment-success', ready: heading('No payment to confirm', 1) },
  { label: 'settings: avatar editor', actor: 'member', path: '/settings', ready: openEditor('Information', 'Adjust Avatar') },
  { label: 'general', actor: 'member', path: '/general', ready: heading('Liked Profiles') },
  { label: 'general: background editor', actor: 'member', path: '/general', ready: openEditor('Liked Profiles', 'Search Background') },
  { label: 'delete account', actor: 'member', path: '/delete-account', ready: heading('Delete Account', 1) },
  { label: 'search (admin)', actor: 'admin', path: '/search', ready: (page) => page.getByRole('button', { name: 'Admin' }).waitFor() },
  { label: 'settings (admin)', actor: 'admin', path: '/settings', ready: heading('Information') },
  { label: 'admin: overview', actor: 'admin', path: '/admin', ready: heading('Recent admin actions', 2) },
  { label: 'admin: NFC locations', actor: 'admin', path: '/admin?tab=nfc', ready: heading('NFC Locations', 2) },
  { label: 'admin: users', actor: 'admin', path: '/admin?tab=users', ready: heading('Users', 2) },
  { label: 'admin: AI system', actor: 'admin', path: '/admin?tab=ai', ready: heading('Maintenance tools', 2) },
  { label: 'admin: payments', actor: 'admin', path: '/admin?tab=payments', ready: heading('Payments', 2) },
  { label: 'admin: settings', actor: 'admin', path: '/admin?tab=settings', ready: heading('Settings', 2) },
  { label: 'admin: moderation', actor: 'admin', path: '/admin?tab=moderation', ready: heading('Moderation', 2) },
  { label: 'regenerate embeddings', actor: 'admin', path: '/regenerate-embeddings', ready: heading('Regenerate Embeddings', 1) },
  { label: 'batch AI enhancement', actor: 'admin', path: '/batch-enhance-profiles', ready: heading('Batch AI Enhancement', 1) },
  { label: 'fix formats', actor: 'admin', path: '/fix-formats', ready: heading('Fix Profile Formats', 1) },
  { label: 'batch address standardisation', actor: 'admin', path: '/batch-standardize-locations', ready: heading('Batch Address Standardisation', 1) },
  { label: 'batch AI standardization', actor: 'admin', path: '/batch-standardize', ready: heading('Batch AI Standardization', 1) },
  {
    label: 'touchpoint (visitor)',
    actor: 'visitor',
    path: '/nfc?location=demo',
    ready: heading('People who met here', 2),
    more: async (page, check) => {
      await page.getByRole('button', { name: 'Community comments' }).click();
      await page.getByRole('dialog', { name: /^Community at / }).getByRole('textbox', { name: 'Your comment' }).waitFor();
      await check('comments');
    },
  },
  { label: 'touchpoint (member)', actor: 'member', path: '/nfc?location=demo&from=settings', ready: heading('Your matches here', 2) },
  { label: 'touchpoint (admin)', actor: 'admin', path: '/nfc?location=demo', ready: heading('Admin panel', 2) },
  { label: 'touchpoint not found', actor: 'visitor', path: '/nfc?location=nowhere', ready: (page) => page.getByText('Touchpoint not found').waitFor() },
  {
    label: 'profile exchange',
    actor: 'member',
    path: '/nfc-profile-exchange',
    ready: async (page) => {
      await heading('Exchange by QR code', 2)(page);
      await page.getByTestId('my-qr').waitFor();
    },
    more: async (page, check) => {
      await page.getByRole('tab', { name: 'Code' }).click();
      await heading('Your profile code', 2)(page);
      await check('code tab');
    },
  },
  { label: 'profile exchange (profile not ready)', actor: 'basic', path: '/nfc-profile-exchange', ready: (page) => page.getByText('Complete your profile first', { exact: false }).first().waitFor() },
  { label: 'find by code', actor: 'member', path: '/code-search', ready: heading('Find by Code', 1) },
  {
    label: 'delete-function test (admin)',
    actor: 'admin',
    path: '/test-delete',
    ready: heading('Delete-function test', 1),
    more: async (page, check) => {
      await page.getByRole('button', { name: 'List deleted profiles' }).click();
      await page.getByRole('columnheader', { name: 'Deleted e-mail' }).waitFor();
      await check('deleted profiles listed');
    },
  },
];

// The administrator: this file's server is started with this ADMIN_EMAIL (the harness passes the
// environment on), and the account gets the admin role through the CLI.
const adminEmail = 'e2e-a11y-admin@example.com';
process.env.ADMIN_EMAIL = adminEmail;

const people: MemberSpec[] = [{ ...mia, image: true }, leo];
const member = ana;

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** Every view at one width, as the visitor, member or administrator who would see it. */
export function checkAccessibilityAt(viewportName: Viewport['name']): void {
  const viewport = viewports.find((v) => v.name === viewportName)!;
  void describe(`accessibility at ${String(viewport.width)} px (axe-core, WCAG 2.2 A and AA)`, () => {
    const env = useServerAndBrowser({ needsDataDir: true });
    /** The complete member's and the administrator's cookies; newcomers and members with basic information are made per check. */
    let memberState: StorageState | undefined;
    let adminState: StorageState | undefined;

    before(async () => {
      const { server, browser } = env();
      for (const spec of [...people, member]) {
        const { page, close } = await openPage(browser);
        try {
          await completeMember(page, server, spec, 'e2e-a11y');
          if (spec === member) {
            const posted = await page.request.post(`${server.url}/api/moments`, { multipart: { type: 'text', text: 'Board games in the library on Friday, who is in?' } });
            if (posted.status() !== 201) throw new Error(`moment posted: ${String(posted.status())} ${await posted.text()}`);
            memberState = await page.context().storageState();
          }
        } finally {
          await close();
        }
      }
      const { page, close } = await openPage(browser);
      try {
        await completeMember(page, server, { ...leo, name: 'Ada Admin', email: adminEmail }, 'e2e-a11y');
        grantAdmin(server, adminEmail);
        adminState = await page.context().storageState();
      } finally {
        await close();
      }
    });

    async function signIn(page: Page, server: RunningServer, actor: Actor): Promise<void> {
      if (actor === 'newcomer') await signUp(page, server, 'e2e-a11y');
      else if (actor === 'basic') await signUpWithBasicInfo(page, server, 'e2e-a11y');
    }

    for (const view of views) {
      void it(`${view.label} at ${String(viewport.width)} px`, async () => {
        const { server, browser } = env();
        const phone = viewport.name === 'phone';
        const { page, close } = await openPage(browser, {
          viewport: { width: viewport.width, height: viewport.height },
          hasTouch: phone,
          ...(view.actor === 'member' ? { storageState: memberState } : view.actor === 'admin' ? { storageState: adminState } : {}),
        });
        try {
          await signIn(page, server, view.actor);
          await page.goto(`${server.url}${view.path}`);
          await view.ready(page);
          const label = `${view.label} at ${String(viewport.width)} px`;
          // Every state is checked; the failures are reported together at the end.
          const failures: string[] = [];
          const check = async (state?: string) => {
            await expectAccessiblePage(page, state ? `${label} (${state})` : label).catch((error: unknown) => {
              failures.push(error instanceof Error ? error.message : String(error));
            });
            // With E2E_SCREENSHOT_DIR set, a picture of what was checked.
            const name = [view.label, state].filter(Boolean).join(' ').replace(/[^a-z0-9]+/gi, '-').toLowerCase();
            await screenshot(page, `a11y-${name}-${String(viewport.width)}`);
          };
          await check();
          await view.more?.(page, check);
          if (failures.length > 0) assert.fail(failures.join('\n\n'));
        } finally {
          await close();
        }
      });
    }
  });
}

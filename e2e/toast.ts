import type { Page } from 'playwright-core';

// Waits for the toast with this title (and message) to show. A toast replaces the one before it,
// which may still be fading out, so the newest match is the one that counts.
export async function expectToast(page: Page, title: string, message?: string): Promise<void> {
  let toast = page.getByRole('alert').filter({ has: page.getByText(title, { exact: true }) });
  if (message) toast = toast.filter({ has: page.getByText(message, { exact: true }) });
  await toast.last().waitFor();
}

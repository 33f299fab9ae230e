import type { Page } from 'playwright-core';
import type { BrowserSession } from './browser.js';

/**
 * Signs a member of staff in and waits for the admin dashboard: the one place staff sign-in is
 * written, so the second factor (STAFF_TWO_FACTOR, issue 24) is added here once.
 */
export async function signInStaff(session: BrowserSession, url: string, staff: { email: string; password: string }): Promise<Page> {
  await session.context.clearCookies();
  const page = await session.context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${url}/auth`);
  await page.locator('#signin-email').fill(staff.email);
  await page.locator('#signin-password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin');
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  return page;
}

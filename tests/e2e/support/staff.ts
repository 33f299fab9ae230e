import { generate } from 'otplib';
import type { APIRequestContext, Page } from 'playwright-core';
import type { BrowserSession } from './browser.js';

/**
 * Staff signing in on the real server (STAFF_TWO_FACTOR=required, the default): the first time a
 * member of staff made with `create-admin` signs in, they set up two-factor sign-in as a person would
 * (the admin's prompt, the profile's section, the secret shown there); afterwards they answer the
 * code. Codes are computed from the secret at the server's (real) time, each step used once.
 */
export interface StaffLogin {
  email: string;
  password: string;
}

const STEP_MS = 30_000;
const enrolled = new Map<string, { secret: string; lastStep: number }>();

/**
 * A code for a step this account has not used: the current step's, or the next one's (the server
 * allows one step of drift); when both are used, it waits for the clock to move on.
 */
async function unusedCode(email: string): Promise<string> {
  const account = enrolled.get(email);
  if (!account) throw new Error(`${email} has not set up two-factor sign-in in this test run`);
  const step = Math.max(Math.floor(Date.now() / STEP_MS), account.lastStep + 1);
  while (step > Math.floor(Date.now() / STEP_MS) + 1) await new Promise((resolve) => setTimeout(resolve, 200));
  account.lastStep = step;
  return generate({ secret: account.secret, epoch: step * (STEP_MS / 1000) });
}

function remember(email: string, secret: string, code: string, step: number): string {
  enrolled.set(email, { secret, lastStep: step });
  return code;
}

/** The code that confirms a set-up: the current step's, which the sign-ins after it then skip. */
async function firstCode(email: string, secret: string): Promise<string> {
  const step = Math.floor(Date.now() / STEP_MS);
  return remember(email, secret, await generate({ secret, epoch: step * (STEP_MS / 1000) }), step);
}

/** Signs staff in through the sign-in page, setting up two-factor sign-in the first time; ends on /admin. */
export async function signInStaff(page: Page, baseUrl: string, staff: StaffLogin): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.locator('#signin-email').fill(staff.email);
  await page.locator('#signin-password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  if (enrolled.has(staff.email)) {
    await page.locator('#signin-code').fill(await unusedCode(staff.email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin**');
    return;
  }
  await page.waitForURL('**/admin**');
  await page.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
  await page.waitForURL('**/profile**');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  await page.locator('#two-factor-code').fill(await firstCode(staff.email, secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByTestId('recovery-codes').waitFor();
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await page.goto(`${baseUrl}/admin`);
}

/** The same through the API (a request context with the server's Origin): the context is then signed in. */
export async function signInStaffByApi(api: APIRequestContext, staff: StaffLogin): Promise<void> {
  const login = await api.post('/api/login', { data: staff });
  if (login.status() !== 200) throw new Error(`staff login failed: ${login.status()} ${await login.text()}`);
  if (((await login.json()) as { twoFactorRequired?: boolean }).twoFactorRequired) {
    const second = await api.post('/api/login/two-factor', { data: { code: await unusedCode(staff.email) } });
    if (second.status() !== 200) throw new Error(`staff second step failed: ${second.status()} ${await second.text()}`);
    return;
  }
  const setup = await api.post('/api/user/two-factor/setup');
  const { secret } = (await setup.json()) as { secret: string };
  const enable = await api.post('/api/user/two-factor/enable', { data: { code: await firstCode(staff.email, secret) } });
  if (enable.status() !== 200) throw new Error(`two-factor set-up failed: ${enable.status()} ${await enable.text()}`);
}

/** A new page of `session`, signed out first, with `staff` signed in on the admin dashboard. */
export async function openAdminAs(session: BrowserSession, baseUrl: string, staff: StaffLogin): Promise<Page> {
  await session.context.clearCookies();
  const page = await session.context.newPage();
  page.setDefaultTimeout(15_000);
  await signInStaff(page, baseUrl, staff);
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  return page;
}

import type { Locator } from 'playwright-core';
import { expect, vi } from 'vitest';

/** Waits until the locator's first match is visible. */
export async function see(locator: Locator, timeout = 15_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/** Waits until nothing the locator matches is visible (hidden or gone). */
export async function gone(locator: Locator, timeout = 15_000): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Retries an assertion until it passes (the UI settles asynchronously). */
export async function until(check: () => unknown | Promise<unknown>, timeout = 15_000): Promise<void> {
  await vi.waitFor(check, { timeout, interval: 100 });
}

export async function expectValue(locator: Locator, value: string): Promise<void> {
  await until(async () => expect(await locator.inputValue()).toBe(value));
}

export async function expectEnabled(locator: Locator, enabled: boolean): Promise<void> {
  await until(async () => expect(await locator.isEnabled()).toBe(enabled));
}

export async function expectText(locator: Locator, text: string | RegExp): Promise<void> {
  await until(async () => {
    const content = (await locator.first().textContent()) ?? '';
    if (typeof text === 'string') expect(content).toContain(text);
    else expect(content).toMatch(text);
  });
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

let axeSource: string | null = null;

/** axe's impact levels, least to most severe. */
const IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;
export type AxeImpact = (typeof IMPACTS)[number];

/**
 * axe-core's WCAG 2.x A/AA rules and its best practices (heading order, landmarks, allowed ARIA
 * roles, target size…) on the page as it is now, reported from `minImpact` up (by default every
 * finding, minor ones too): one line per rule with the elements it flagged. Empty when it passes.
 */
export async function axeViolations(page: Page, minImpact: AxeImpact = 'minor'): Promise<string[]> {
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy (rightly) refuses an
  // injected <script>.
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  const floor = IMPACTS.indexOf(minImpact);
  return violations
    .filter((v) => IMPACTS.indexOf((v.impact ?? 'minor') as AxeImpact) >= floor)
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.slice(0, 5).join(', ')}${v.targets.length > 5 ? ` and ${v.targets.length - 5} more` : ''}`);
}

/**
 * Basic accessibility checks that need no extra tooling: every form control and button has an
 * accessible name (a <label for>, a wrapping label, aria-label or aria-labelledby, or text), every
 * image has an alt attribute, ids are unique, and the page has exactly one <h1>… or says why not.
 * Returns a list of problems (empty when the page passes).
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : ''}`;
    const visible = (el: Element) => {
      const style = window.getComputedStyle(el);
      return style.display !== 'none' && style.visibility !== 'hidden' && !el.closest('[hidden],[aria-hidden="true"]');
    };
    const named = (el: Element) => {
      if (el.getAttribute('aria-label')?.trim()) return true;
      const labelledBy = el.getAttribute('aria-labelledby');
      if (labelledBy && labelledBy.split(/\s+/).every((id) => document.getElementById(id))) return true;
      if (el.id && document.querySelector(`label[for="${CSS.escape(el.id)}"]`)) return true;
      if (el.closest('label')) return true;
      return false;
    };
    for (const el of Array.from(document.querySelectorAll('input, select, textarea'))) {
      if ((el as HTMLInputElement).type === 'hidden' || el.getAttribute('aria-hidden') === 'true') continue;
      // radix renders a visually hidden native control beside its own (named) trigger
      if (el.closest('[aria-hidden="true"]') || ((el as HTMLElement).style.position === 'absolute' && el.getAttribute('tabindex') === '-1')) continue;
      if (!named(el)) problems.push(`unlabelled control ${describe(el)}`);
    }
    for (const el of Array.from(document.querySelectorAll('button, [role="button"], a[href]'))) {
      if (!visible(el)) continue;
      const text = (el.textContent ?? '').trim();
      if (!text && !named(el) && !el.getAttribute('title')) problems.push(`nameless ${describe(el)}`);
    }
    for (const img of Array.from(document.querySelectorAll('img'))) {
      if (!img.hasAttribute('alt')) problems.push(`image without alt ${img.getAttribute('src')}`);
    }
    const ids = new Map<string, number>();
    for (const el of Array.from(document.querySelectorAll('[id]'))) ids.set(el.id, (ids.get(el.id) ?? 0) + 1);
    for (const [id, count] of ids) if (count > 1) problems.push(`duplicate id #${id} (${count}×)`);
    const h1s = Array.from(document.querySelectorAll('h1')).filter(visible);
    if (h1s.length !== 1) problems.push(`${h1s.length} visible <h1> elements (expected 1)`);
    if (!document.documentElement.lang) problems.push('no lang on <html>');
    return problems;
  });
}

import type { Page } from 'playwright-core';

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
      if (el.closest('[aria-hidden="true"]') || (el as HTMLElement).style.position === 'absolute' && el.getAttribute('tabindex') === '-1') continue;
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

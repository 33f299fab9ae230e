import type { Page } from 'playwright-core';

/** WCAG 2.5.5 (target size, enhanced) and GOV.UK: every target a finger uses is at least this wide and tall. */
export const MIN_TARGET_PX = 44;

export type FindingKind = 'overflow' | 'inner-scroll' | 'target';

/** One thing wrong on a page as it is now, with what a person needs to find it. */
export interface Finding {
  kind: FindingKind;
  /** A short CSS-like path: the element, and the nearest named thing around it. */
  element: string;
  /** Its accessible name or text, shortened. */
  text: string;
  width: number;
  height: number;
  /** What is wrong, in words ("36 px past the right edge", "20 px tall"). */
  problem: string;
  /** Its classes (for telling which shared primitive drew it). */
  classes: string;
  /** The id of the exception that excuses it, if one does. */
  exception?: string;
}

/** A finding the walk accepts, and why. Matched in the page: by a selector the element matches, or by being a link inside a sentence. */
export interface WalkException {
  id: string;
  kind: FindingKind;
  /** The element (or one of its ancestors) matches this selector. */
  selector?: string;
  /** A link whose line box is the sentence's own (display: inline, with text of the sentence around it). */
  inlineInSentence?: true;
  reason: string;
}

/**
 * Measures the page as it is now, in the page: the document wider than `viewportWidth`; elements
 * sticking out of it (not clipped or scrolled by a box inside the page); boxes that scroll sideways
 * inside the page; and every target a finger uses (links, buttons, fields, selects, checkboxes and
 * radios with their labels, tabs, summaries, and whatever has such a role) under MIN_TARGET_PX either way.
 */
export async function measurePage(page: Page, viewportWidth: number, exceptions: readonly WalkException[]): Promise<Finding[]> {
  return page.evaluate(
    ({ vw, min, exceptions: excuses }) => {
      const findings: Finding[] = [];
      const round = (n: number) => Math.round(n * 10) / 10;
      const shorten = (s: string, n = 60) => {
        const t = s.replace(/\s+/g, ' ').trim();
        return t.length > n ? `${t.slice(0, n - 1)}…` : t;
      };
      /** An id a person wrote (not one React's useId or radix generated, which change from run to run). */
      const ownId = (el: Element): boolean => Boolean(el.id) && !/^(radix-|_r|«r|:r)/.test(el.id) && !el.id.includes(':');
      const partOf = (el: Element): string => {
        const tag = el.tagName.toLowerCase();
        const testId = el.getAttribute('data-testid');
        if (testId) return `${tag}[data-testid="${testId}"]`;
        const label = el.getAttribute('aria-label');
        if (label) return `${tag}[aria-label="${shorten(label, 40)}"]`;
        if (ownId(el)) return `${tag}#${el.id}`;
        const name = el.getAttribute('name');
        if (name) return `${tag}[name="${name}"]`;
        const role = el.getAttribute('role');
        if (role) return `${tag}[role="${role}"]`;
        return tag;
      };
      const isNamed = (el: Element) =>
        Boolean(el.getAttribute('data-testid') || ownId(el) || el.getAttribute('aria-label')) ||
        ['HEADER', 'FOOTER', 'NAV', 'MAIN', 'FORM', 'TABLE', 'DIALOG'].includes(el.tagName) ||
        ['dialog', 'region', 'tabpanel', 'group'].includes(el.getAttribute('role') ?? '');
      const pathOf = (el: Element): string => {
        const own = partOf(el);
        let up = el.parentElement;
        while (up && up !== document.body && !isNamed(up)) up = up.parentElement;
        if (!up || up === document.body || up.tagName === 'MAIN') return own;
        return `${partOf(up)} ${own}`;
      };
      const textOf = (el: Element): string => {
        const aria = el.getAttribute('aria-label');
        if (aria) return shorten(aria);
        const own = shorten((el as HTMLElement).innerText ?? el.textContent ?? '');
        if (own) return own;
        const control = el as HTMLInputElement;
        const labels = control.labels
          ? Array.from(control.labels)
              .map((l) => l.innerText)
              .join(' ')
          : '';
        return shorten(labels || control.placeholder || control.value || el.getAttribute('title') || '');
      };
      const classesOf = (el: Element) => shorten(typeof el.className === 'string' ? el.className : '', 160);
      const rendered = (el: Element): boolean => {
        if (el.getClientRects().length === 0) return false;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.display === 'none') return false;
        if (el.closest('[inert],[aria-hidden="true"],[hidden]')) return false;
        return true;
      };
      /** Drawn so nobody sees it: screen-reader-only text, a control hidden under its own label or button. */
      const visuallyHidden = (el: Element): boolean => {
        const r = el.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1) return true;
        const style = getComputedStyle(el);
        if (Number(style.opacity) === 0) return true;
        return style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)';
      };
      const excuse = (el: Element, kind: string, inlineInSentence: boolean): string | undefined =>
        excuses.find((x) => x.kind === kind && ((x.inlineInSentence && inlineInSentence) || (x.selector && el.closest(x.selector))))?.id;

      /** Sets some inline styles on `el` for the length of `read`, then puts its own back. */
      const withStyle = <T>(el: Element, styles: Record<string, string>, read: () => T): T => {
        const style = (el as HTMLElement).style;
        const saved = style.cssText;
        for (const [name, value] of Object.entries(styles)) style.setProperty(name, value, 'important');
        try {
          return read();
        } finally {
          style.cssText = saved;
        }
      };
      /**
       * What makes `box` too wide: the innermost elements that cannot be narrower than the room the
       * box has (a table, a long unbroken string, a row that does not wrap), each with its least
       * width. Boxes only stretched by one of them (a grid's other items) are left out.
       */
      const unshrinkable = (box: Element): [Element, number][] => {
        const room = box.clientWidth;
        return withStyle(box, { width: '1px', 'min-width': '0', 'max-width': '1px' }, () => {
          const wide = Array.from(box.querySelectorAll('*')).filter((inner) => rendered(inner) && !visuallyHidden(inner) && inner.getBoundingClientRect().width > room + 0.5);
          const least = new Map(wide.map((inner) => [inner, withStyle(inner, { width: 'min-content', 'min-width': '0' }, () => inner.getBoundingClientRect().width)]));
          const intrinsic = wide.filter((inner) => least.get(inner)! > room + 0.5);
          const innermost = intrinsic.filter((inner) => !intrinsic.some((other) => other !== inner && inner.contains(other)));
          return innermost
            .map((inner): [Element, number] => [inner, least.get(inner)!])
            .sort((a, b) => b[1] - a[1])
            .slice(0, 3);
        });
      };

      // --- The page is no wider than the screen.
      const docWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
      if (docWidth > vw + 0.5) {
        const because = unshrinkable(document.body).map(([inner, least]) => `${pathOf(inner)} "${textOf(inner)}" (at least ${round(least)} px)`);
        findings.push({
          kind: 'overflow',
          element: 'html',
          text: document.title,
          width: docWidth,
          height: document.documentElement.scrollHeight,
          problem: `the page is ${docWidth} px wide on a ${vw} px screen: it scrolls sideways${because.length ? `; too wide: ${because.join(', ')}` : ''}`,
          classes: '',
        });
      }
      const all = Array.from(document.body.querySelectorAll('*'));
      const sticksOut = (r: DOMRect) => r.right > vw + 0.5 || r.left < -0.5;
      /** Inside a box (not the page itself) that clips or scrolls its content sideways. */
      const contained = (el: Element): boolean => {
        for (let up = el.parentElement; up && up !== document.body && up !== document.documentElement; up = up.parentElement) {
          const overflowX = getComputedStyle(up).overflowX;
          if (overflowX !== 'visible' && !sticksOut(up.getBoundingClientRect())) return true;
        }
        return false;
      };
      for (const el of all) {
        if (!rendered(el) || visuallyHidden(el)) continue;
        const r = el.getBoundingClientRect();
        if (!sticksOut(r)) continue;
        // A fixed box moved wholly off screen (a closed drawer) is not seen and does not scroll.
        if (r.left >= vw || r.right <= 0) continue;
        if (contained(el)) continue;
        const parent = el.parentElement?.getBoundingClientRect();
        const culprit = !parent || !sticksOut(parent) || r.right > parent.right + 0.5 || r.left < parent.left - 0.5;
        if (!culprit) continue;
        const past = r.right > vw ? `${round(r.right - vw)} px past the right edge` : `${round(-r.left)} px past the left edge`;
        findings.push({
          kind: 'overflow',
          element: pathOf(el),
          text: textOf(el),
          width: round(r.width),
          height: round(r.height),
          problem: `sticks out of the ${vw} px screen: ${past}`,
          classes: classesOf(el),
          exception: excuse(el, 'overflow', false),
        });
      }
      // --- Nothing scrolls sideways inside the page.
      for (const el of all) {
        if (!rendered(el)) continue;
        const overflowX = getComputedStyle(el).overflowX;
        if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
        if (el.scrollWidth <= el.clientWidth + 1) continue;
        const r = el.getBoundingClientRect();
        const because = unshrinkable(el).map(([inner, least]) => `${pathOf(inner)} "${textOf(inner)}" (at least ${round(least)} px)`);
        findings.push({
          kind: 'inner-scroll',
          element: pathOf(el),
          text: textOf(el),
          width: round(r.width),
          height: round(r.height),
          problem: `scrolls sideways inside the page: ${el.scrollWidth} px of content in ${el.clientWidth} px${because.length ? `; too wide: ${because.join(', ')}` : ''}`,
          classes: classesOf(el),
          exception: excuse(el, 'inner-scroll', false),
        });
      }

      // --- Every target a finger uses is at least min × min.
      const TARGETS =
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, label, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="combobox"], [role="menuitem"], [role="option"], [role="slider"]';
      const isToggle = (el: Element) => (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) || ['checkbox', 'radio', 'switch'].includes(el.getAttribute('role') ?? '');
      const labelsOf = (el: Element): HTMLLabelElement[] => {
        const labels = (el as HTMLInputElement).labels;
        return labels ? Array.from(labels) : [];
      };
      /** A link in running text: WCAG's "inline" exception (its size is the sentence's line height). */
      const inSentence = (el: Element): boolean => {
        if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
        let block = el.parentElement;
        while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
        if (!block) return false;
        const all = (block as HTMLElement).innerText ?? '';
        const own = (el as HTMLElement).innerText ?? '';
        return all.replace(own, '').replace(/[\s.,;:()–—-]/g, '').length > 0;
      };
      const seen = new Set<Element>();
      for (const el of Array.from(document.querySelectorAll(TARGETS))) {
        if (seen.has(el) || !rendered(el)) continue;
        if (getComputedStyle(el).pointerEvents === 'none' && !isToggle(el)) continue;
        let box: DOMRect;
        if (el instanceof HTMLLabelElement) {
          // A label is a target of its own only when it stands in for a control drawn hidden (a file
          // input under a styled label, a native checkbox under its label).
          const control = el.control;
          if (!control || !rendered(control) || !visuallyHidden(control) || seen.has(control)) continue;
          box = el.getBoundingClientRect();
          seen.add(control);
        } else if (visuallyHidden(el)) {
          continue;
        } else if (isToggle(el)) {
          // A checkbox or radio is tapped on itself or its label: the target is both together.
          const rects = [el, ...labelsOf(el)].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
          const left = Math.min(...rects.map((r) => r.left));
          const top = Math.min(...rects.map((r) => r.top));
          box = new DOMRect(left, top, Math.max(...rects.map((r) => r.right)) - left, Math.max(...rects.map((r) => r.bottom)) - top);
          labelsOf(el).forEach((l) => seen.add(l));
        } else {
          box = el.getBoundingClientRect();
        }
        seen.add(el);
        const narrow = box.width < min - 0.5;
        const short = box.height < min - 0.5;
        if (!narrow && !short) continue;
        const problem = [narrow ? `${round(box.width)} px wide` : null, short ? `${round(box.height)} px tall` : null].filter(Boolean).join(' and ');
        findings.push({
          kind: 'target',
          element: pathOf(el),
          text: textOf(el),
          width: round(box.width),
          height: round(box.height),
          problem: `${problem} (under ${min} × ${min} px)`,
          classes: classesOf(el),
          exception: excuse(el, 'target', inSentence(el)),
        });
      }
      return findings;
    },
    { vw: viewportWidth, min: MIN_TARGET_PX, exceptions: exceptions as WalkException[] },
  );
}

import { useEffect, useRef } from 'react';

/** The admin list's keys (docs/product.md §2.14): j/k move the selection, Enter opens it, a assigns it to me. */
export interface ListKeyActions {
  next(): void;
  previous(): void;
  open(): void;
  assignToMe(): void;
}

/** Typing in a field (or a radix menu/select) is never a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="listbox"],[role="menu"]') !== null;
}

/** Listens on the document while `enabled`; modifier keys and keys typed into fields are left alone. */
export function useListKeys(actions: ListKeyActions, enabled = true): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const act = { j: latest.current.next, k: latest.current.previous, a: latest.current.assignToMe }[event.key];
      // Enter on a button or link is that control's own click.
      if (event.key === 'Enter' && !(event.target instanceof HTMLElement && event.target.closest('button,a,summary'))) {
        event.preventDefault();
        latest.current.open();
        return;
      }
      if (!act) return;
      event.preventDefault();
      act();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}

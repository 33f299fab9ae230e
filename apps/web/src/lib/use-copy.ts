import { useEffect, useRef, useState } from 'react';

/** How long a Copy button reads 'Copied'. */
const COPIED_MS = 2000;

/**
 * Copying to the clipboard with a button that says so: `copy(key, text, what)` writes `text`,
 * `copied` is `key` for two seconds (the button reads 'Copied'), and `announcement` is what a screen
 * reader hears ('Copied <what>', or how to copy by hand when the browser refuses).
 */
export function useCopy() {
  const [copied, setCopied] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function copy(key: string, text: string, what: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(key);
      setAnnouncement(`Copied ${what}`);
    } catch {
      setCopied(null);
      setAnnouncement(`Could not copy ${what}: select it and copy it by hand.`);
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPIED_MS);
  }

  /**
   * `copy` of a text that is not known yet (a passport number being revealed): the clipboard is
   * written during the press, as Safari and Firefox require, with a ClipboardItem whose text
   * follows; where a browser has no ClipboardItem the text is awaited and written as `copy` does.
   */
  async function copyLater(key: string, text: Promise<string>, what: string) {
    if (typeof ClipboardItem === 'undefined' || typeof navigator.clipboard?.write !== 'function') {
      let known: string;
      try {
        known = await text;
      } catch {
        setCopied(null);
        setAnnouncement(`Could not copy ${what}.`);
        return;
      }
      return copy(key, known, what);
    }
    try {
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) })]);
      setCopied(key);
      setAnnouncement(`Copied ${what}`);
    } catch {
      setCopied(null);
      setAnnouncement(`Could not copy ${what}: select it and copy it by hand.`);
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPIED_MS);
  }

  return { copied, announcement, copy, copyLater };
}

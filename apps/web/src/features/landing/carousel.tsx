import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';

export interface Slide {
  src: string;
  alt: string;
  caption: string;
}

export const CAROUSEL_INTERVAL_MS = 4000;

/**
 * docs/product.md §2.4/§14.2: 5 images that advance every 4 s once they have all loaded, with previous/next and dot
 * controls. Keyboard: arrow keys move between slides when the carousel has focus. It does not
 * advance on its own for users who prefer reduced motion, nor while hovered or focused.
 */
export function Carousel({ slides }: { slides: readonly Slide[] }) {
  const { t, dir } = useT();
  const [index, setIndex] = useState(0);
  // The images (by src) that have settled, loaded or failed: a set, so that an image counted on mount
  // and again by its load event counts once.
  const [settled, setSettled] = useState<ReadonlySet<string>>(() => new Set());
  const images = useRef<(HTMLImageElement | null)[]>([]);
  const [paused, setPaused] = useState(false);
  // Known only in the browser: the pre-rendered page (and so its hydration) starts without motion off.
  const [reducedMotion, setReducedMotion] = useState(false);
  const allLoaded = slides.every((slide) => settled.has(slide.src));

  const settle = useCallback((srcs: string[]) => {
    setSettled((current) => (srcs.every((src) => current.has(src)) ? current : new Set([...current, ...srcs])));
  }, []);

  // The landing page is pre-rendered: its images usually finish loading before React takes the page
  // over, and those load events never reach onLoad. What is already complete on mount counts too —
  // `complete` is true once an image has loaded (naturalWidth > 0) or failed (0), the two cases
  // onLoad and onError count.
  useEffect(() => {
    settle(slides.flatMap((slide, i) => (images.current[i]?.complete ? [slide.src] : [])));
  }, [slides, settle]);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const onChange = () => setReducedMotion(query.matches);
    onChange();
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, []);

  const go = useCallback((next: number) => setIndex(((next % slides.length) + slides.length) % slides.length), [slides.length]);

  useEffect(() => {
    if (!allLoaded || paused || reducedMotion) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % slides.length), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [allLoaded, paused, reducedMotion, slides.length]);

  const onKeyDown = (e: KeyboardEvent) => {
    // Right to left, the next slide is to the left.
    const [forward, back] = dir === 'rtl' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
    if (e.key === forward) {
      e.preventDefault();
      go(index + 1);
    } else if (e.key === back) {
      e.preventDefault();
      go(index - 1);
    }
  };

  return (
    <section
      aria-roledescription={t('carousel')}
      aria-label={t('Egypt in pictures')}
      className="relative overflow-hidden rounded-2xl shadow-xl"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="relative aspect-[16/9] w-full bg-slate-200" aria-live={paused || reducedMotion ? 'polite' : 'off'}>
        {slides.map((slide, i) => (
          // The APG carousel's slide is a group; a <figure> may not take that role, so it sits inside.
          <div
            key={slide.src}
            role="group"
            aria-roledescription={t('slide')}
            aria-label={t('{number} of {total}', { number: i + 1, total: slides.length })}
            aria-hidden={i !== index}
            className={cn('absolute inset-0 transition-opacity duration-700', i === index ? 'opacity-100' : 'opacity-0')}
          >
            <figure className="m-0 h-full w-full">
              <img
                src={slide.src}
                alt={t(slide.alt)}
                width={1200}
                height={675}
                // The first slide is the largest paint: fetched at once and first; the others when near.
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding={i === 0 ? 'sync' : 'async'}
                className="h-full w-full object-cover"
                ref={(img) => {
                  images.current[i] = img;
                }}
                onLoad={() => settle([slide.src])}
                onError={() => settle([slide.src])}
              />
              <figcaption className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-900/80 to-transparent px-4 pb-10 pt-8 text-start text-sm font-medium text-white sm:text-base">
                {t(slide.caption)}
              </figcaption>
            </figure>
          </div>
        ))}
      </div>
      <button
        type="button"
        aria-label={t('Previous image')}
        onClick={() => go(index - 1)}
        className="absolute start-3 top-1/2 flex h-10 w-10 -translate-y-1/2 touch:h-11 touch:w-11 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
          ‹
        </span>
      </button>
      <button
        type="button"
        aria-label={t('Next image')}
        onClick={() => go(index + 1)}
        className="absolute end-3 top-1/2 flex h-10 w-10 -translate-y-1/2 touch:h-11 touch:w-11 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
          ›
        </span>
      </button>
      <div className="absolute inset-x-0 bottom-1.5 flex justify-center gap-2 touch:bottom-0 touch:gap-0">
        {slides.map((slide, i) => (
          // A 24 px target around the small dot that shows (WCAG 2.2), 44 × 44 px where a finger taps
          // (2.5.5; touch: in styles.css): the buttons then touch, the dots keep their spacing.
          <button
            key={slide.src}
            type="button"
            aria-label={t('Show image {number}: {caption}', { number: i + 1, caption: t(slide.caption) })}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => go(i)}
            className="group flex h-6 min-w-6 items-center justify-center rounded-full px-1 touch:h-11 touch:min-w-11 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
          >
            <span aria-hidden="true" className={cn('h-3 rounded-full transition-all', i === index ? 'w-8 bg-white' : 'w-3 bg-white/60 group-hover:bg-white/80')} />
          </button>
        ))}
      </div>
    </section>
  );
}

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keys } from '../../apps/web/src/api/keys.js';
import { Header } from '../../apps/web/src/components/layout/header.js';
import { AuthPage } from '../../apps/web/src/features/auth/auth-page.js';
import { parseAuthSearch } from '../../apps/web/src/features/auth/auth-search.js';
import { Carousel, CAROUSEL_INTERVAL_MS } from '../../apps/web/src/features/landing/carousel.js';
import { SLIDES } from '../../apps/web/src/features/landing/slides.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { fakeFetch, renderApp, renderPage, setupUser, testUser } from './render.js';

afterEach(() => {
  dismissToast();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function currentSlide(): string {
  const shown = document.querySelectorAll('[aria-roledescription="slide"][aria-hidden="false"] img');
  expect(shown).toHaveLength(1);
  return shown[0].getAttribute('src')!;
}

function loadImages() {
  for (const img of Array.from(document.images)) fireEvent.load(img);
}

/**
 * Images that finished loading before React hydrated the pre-rendered page: `complete` on mount,
 * and no load event for React to see. jsdom loads no images, so it reports them incomplete unless told.
 */
function imagesCompleteOnMount(srcs: readonly string[] = SLIDES.map((s) => s.src)) {
  vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockImplementation(function (this: HTMLImageElement) {
    return srcs.includes(this.getAttribute('src')!);
  });
}

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('landing carousel', () => {
  it('has 5 illustrations with alt texts and advances every 4 s only once they have loaded', () => {
    vi.useFakeTimers();
    mockReducedMotion(false);
    render(<Carousel slides={SLIDES} />);
    expect(document.images).toHaveLength(5);
    for (const img of Array.from(document.images)) expect(img.getAttribute('alt')!.length).toBeGreaterThan(10);
    expect(currentSlide()).toBe(SLIDES[0].src);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 2));
    expect(currentSlide()).toBe(SLIDES[0].src); // not loaded yet: stays
    act(() => loadImages());
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1));
    expect(currentSlide()).toBe(SLIDES[0].src);
    act(() => vi.advanceTimersByTime(1));
    expect(currentSlide()).toBe(SLIDES[1].src);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 4));
    expect(currentSlide()).toBe(SLIDES[0].src); // wrapped round
  });

  it('counts images already complete on mount (loaded before hydration): the 4 s timer starts at once', () => {
    vi.useFakeTimers();
    mockReducedMotion(false);
    imagesCompleteOnMount();
    render(<Carousel slides={SLIDES} />);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1));
    expect(currentSlide()).toBe(SLIDES[0].src);
    act(() => vi.advanceTimersByTime(1));
    expect(currentSlide()).toBe(SLIDES[1].src);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(currentSlide()).toBe(SLIDES[2].src);
  });

  it('waits for the images not yet complete on mount, and counts an image once however often it reports', () => {
    vi.useFakeTimers();
    mockReducedMotion(false);
    imagesCompleteOnMount(SLIDES.slice(0, 4).map((s) => s.src));
    render(<Carousel slides={SLIDES} />);
    const images = Array.from(document.images);
    // The first image's late load event (it was complete already) is not the fifth image loading.
    act(() => fireEvent.load(images[0]));
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 2));
    expect(currentSlide()).toBe(SLIDES[0].src);
    act(() => fireEvent.error(images[4])); // a failed image does not hold the carousel up either
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(currentSlide()).toBe(SLIDES[1].src);
  });

  it('pauses while hovered or focused, and goes on when left', () => {
    vi.useFakeTimers();
    mockReducedMotion(false);
    imagesCompleteOnMount();
    render(<Carousel slides={SLIDES} />);
    const region = screen.getByRole('region', { name: 'Egypt in pictures' });
    act(() => fireEvent.mouseEnter(region));
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(currentSlide()).toBe(SLIDES[0].src);
    act(() => fireEvent.mouseLeave(region));
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(currentSlide()).toBe(SLIDES[1].src);

    const next = screen.getByRole('button', { name: 'Next image' });
    act(() => next.focus());
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(currentSlide()).toBe(SLIDES[1].src);
    act(() => next.blur());
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(currentSlide()).toBe(SLIDES[2].src);
  });

  it('does not move on its own for users who prefer reduced motion, even with every image complete on mount', () => {
    vi.useFakeTimers();
    mockReducedMotion(true);
    imagesCompleteOnMount();
    render(<Carousel slides={SLIDES} />);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(currentSlide()).toBe(SLIDES[0].src);
  });

  it('does not move on its own for users who prefer reduced motion', () => {
    vi.useFakeTimers();
    mockReducedMotion(true);
    render(<Carousel slides={SLIDES} />);
    act(() => loadImages());
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(currentSlide()).toBe(SLIDES[0].src);
  });

  it('moves with previous/next, the dots and the arrow keys', () => {
    mockReducedMotion(true);
    render(<Carousel slides={SLIDES} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(currentSlide()).toBe(SLIDES[1].src);
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(currentSlide()).toBe(SLIDES[4].src);
    fireEvent.click(screen.getByRole('button', { name: /Show image 3/ }));
    expect(currentSlide()).toBe(SLIDES[2].src);
    expect(screen.getByRole('button', { name: /Show image 3/ })).toHaveAttribute('aria-current', 'true');
    const region = screen.getByRole('region', { name: 'Egypt in pictures' });
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(currentSlide()).toBe(SLIDES[3].src);
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(currentSlide()).toBe(SLIDES[2].src);
  });
});

describe('header navigation', () => {
  const names = () => screen.getAllByRole('navigation', { hidden: true })[0].querySelectorAll('a,button');

  it('offers Login and Register to visitors', async () => {
    await renderPage(<Header />, { user: null });
    expect(Array.from(names()).map((n) => n.textContent)).toEqual(['Login', 'Register']);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/auth?tab=signup');
  });

  it('opens the Sign Up tab from Register, and the Sign In tab from Login (issue 37)', async () => {
    const page = await renderPage(
      <>
        <Header />
        <AuthPage />
      </>,
      { path: '/auth', user: null },
    );
    const user = setupUser();
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('link', { name: 'Register' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeVisible();
    expect(page.path()).toBe('/auth?tab=signup');
    await user.click(screen.getByRole('link', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true'));
    // Choosing a tab writes it in the address, so a reload keeps it.
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await waitFor(() => expect(page.path()).toBe('/auth?tab=signup'));
  });

  it('sends a visitor who applies from the landing page or the footer to the Sign Up tab (issue 37)', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/events': () => ({ status: 204 }) }).fn);
    const page = await renderApp('/', { user: null });
    const main = await screen.findByRole('main');
    const applying = [
      within(main).getByRole('link', { name: 'Apply for Visa' }),
      ...within(main).getAllByRole('link', { name: /^Apply Now for a / }),
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Apply for Visa' }),
    ];
    expect(applying).toHaveLength(5);
    for (const link of applying) expect(link).toHaveAttribute('href', '/auth?tab=signup');
    await setupUser().click(applying[0]!);
    await waitFor(() => expect(page.path()).toBe('/auth?tab=signup'));
    expect(await screen.findByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the Sign Up tab for an address that asks for it', async () => {
    await renderPage(<AuthPage />, { path: '/auth?tab=signup', user: null });
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(parseAuthSearch({ tab: 'signup' })).toEqual({ tab: 'signup' });
    expect(parseAuthSearch({ tab: 'nonsense' })).toEqual({});
  });

  it('offers Dashboard, Apply Now, Profile and Logout to applicants', async () => {
    await renderPage(<Header />, { user: testUser() });
    expect(Array.from(names()).map((n) => n.textContent)).toEqual(['Dashboard', 'Apply Now', 'Profile', 'Logout']);
  });

  it('offers Admin Dashboard, Profile and Logout to admins', async () => {
    await renderPage(<Header />, { user: testUser({ isAdmin: true }) });
    expect(Array.from(names()).map((n) => n.textContent)).toEqual(['Admin Dashboard', 'Profile', 'Logout']);
  });

  it('reads Logging out... while logging out, then clears the user and goes home', async () => {
    let release!: () => void;
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/logout': () => new Promise((r) => (release = () => r({ status: 200, body: { message: 'Logged out.' } }))) }).fn);
    const page = await renderPage(<Header />, { user: testUser(), path: '/dashboard' });
    // The button's code is loaded lazily: until it arrives a disabled stand-in holds its place.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Logout' })[0]).toBeEnabled());
    fireEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0]);
    expect((await screen.findAllByRole('button', { name: 'Logging out...' }))[0]).toBeDisabled();
    release();
    await waitFor(() => expect(page.path()).toBe('/'));
    expect(page.queryClient.getQueryData(keys.user)).toBeNull();
  });

  it('collapses the mobile menu behind a toggle that closes after a choice', async () => {
    await renderPage(<Header />, { user: null, path: '/' });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const mobile = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(mobile).toHaveAttribute('aria-label', 'Mobile');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(mobile).not.toBeVisible();
    const user = setupUser();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(mobile).toBeVisible();
    await user.keyboard('{Escape}');
    expect(mobile).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(mobile.querySelector('a')!);
    await waitFor(() => expect(mobile).not.toBeVisible());
  });
});

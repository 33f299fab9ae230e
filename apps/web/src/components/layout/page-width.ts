/**
 * How wide the header, the page and the footer are: the admin's casework workspace uses the whole
 * screen (docs/product.md §2.14), every other page a centred column; the three always share their
 * left and right edges.
 */
export function pageWidth(pathname: string): string {
  return pathname === '/admin' || pathname.startsWith('/admin/') ? 'w-full px-4 lg:px-6' : 'mx-auto max-w-6xl px-4';
}

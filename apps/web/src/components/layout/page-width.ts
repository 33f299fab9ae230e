/**
 * How wide the header, the page and the footer are: the admin's casework workspace uses the whole
 * screen (docs/product.md §2.14), every other page a centred column; the three always share their
 * left and right edges.
 */
export function pageWidth(pathname: string): string {
  return isStaffPath(pathname) ? 'w-full px-4 lg:px-6' : 'mx-auto max-w-6xl px-4';
}

/** The staff pages: /admin and its sub-pages (the workspace, Staff, Reports, the audit log). */
export function isStaffPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

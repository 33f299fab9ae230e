import { mailBounceNotice } from '@core/domain/user.js';

/**
 * Shown on the profile and the dashboard while mail to the account's address bounces (docs/product.md
 * §16.5): it goes once a mail reaches the address again.
 */
export function MailBounceNotice({ user }: { user: { mailBounce?: { address: string } } }) {
  if (!user.mailBounce) return null;
  return (
    <p role="alert" data-testid="mail-bounce-notice" className="rounded-md border border-orange-300 bg-orange-50 p-3 text-sm text-orange-950">
      {mailBounceNotice(user.mailBounce.address)}
    </p>
  );
}

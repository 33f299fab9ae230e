import { isolate } from '../../lib/bidi.js';
import { useT } from '../../lib/i18n.js';

/**
 * mailBounceNotice (core/domain/user.ts) in the page's language. Shown on the profile and the dashboard while mail to the account's address bounces (docs/product.md
 * §16.5): it goes once a mail reaches the address again.
 */
export function MailBounceNotice({ user }: { user: { mailBounce?: { address: string } } }) {
  const { t, dir } = useT();
  if (!user.mailBounce) return null;
  return (
    <p role="alert" data-testid="mail-bounce-notice" className="rounded-md border border-orange-300 bg-orange-50 p-3 text-sm text-orange-950">
      {t('We could not reach you at {address}. Please check your email address.', { address: isolate(user.mailBounce.address, dir) })}
    </p>
  );
}

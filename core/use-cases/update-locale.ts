import { errors } from '../domain/errors.js';
import type { Locale } from '../domain/locale.js';
import { toPublicUser, type PublicUser } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import { parseInput } from '../schemas/parse.js';
import { localeSchema } from '../schemas/profile.js';
import type { Actor } from './types.js';

/** The language the account reads the product in — its pages, mails, texts and PDFs (docs/product.md, "Languages"). */
export function makeUpdateLocale(ports: Pick<Ports, 'users'>) {
  return async function updateLocale(actor: Actor, input: { locale: Locale | string }): Promise<PublicUser> {
    const data = parseInput(localeSchema, input);
    const user = await ports.users.updateLocale(actor.userId, data.locale);
    if (!user) throw errors.notFound('User');
    return toPublicUser(user);
  };
}

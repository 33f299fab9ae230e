import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LOCALE } from '@core/domain/locale.js';
import type { Translate } from '@core/i18n/index.js';

/**
 * A message in English, formatted as the page's `t` would: the words of a helper (a badge, a toast)
 * called outside a component, or by a test, without the page's translator.
 */
export const english: Translate = (key, values) => String(new IntlMessageFormat(key, DEFAULT_LOCALE).format(values));

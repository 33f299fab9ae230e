import { parsePhoneNumberFromString, type NumberType } from 'libphonenumber-js/max';
import type { TextablePhone } from '../../core/domain/texts.js';
import type { PhoneNumbers } from '../../core/ports/phone-numbers.js';

/** Kinds of number that cannot receive a text message. */
const NOT_TEXTABLE: readonly NonNullable<NumberType>[] = ['FIXED_LINE', 'TOLL_FREE', 'PREMIUM_RATE', 'SHARED_COST', 'VOICEMAIL', 'UAN', 'PAGER'];

/**
 * Phone numbers read with libphonenumber-js (its full metadata, which knows mobile ranges): a
 * number without a country code is a UK number ("07400 123456" → "+447400123456"); a number that
 * is not valid, or is a landline, premium-rate or free-phone number, cannot receive texts.
 */
export class LibPhoneNumbers implements PhoneNumbers {
  constructor(private readonly defaultCountry: 'GB' = 'GB') {}

  textable(phone: string): TextablePhone {
    const parsed = parsePhoneNumberFromString(phone.trim(), this.defaultCountry);
    if (!parsed || !parsed.isValid()) return { ok: false, problem: `${phone.trim() || 'no phone number'} is not a valid phone number` };
    const type = parsed.getType();
    if (type && NOT_TEXTABLE.includes(type)) return { ok: false, problem: `${parsed.number} is not a mobile number` };
    return { ok: true, e164: parsed.number };
  }
}

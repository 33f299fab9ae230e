import type { TextablePhone } from '../domain/texts.js';

/**
 * Reads the phone numbers people type ("07400 123456", "+44 7400 123456", "0044 7400…") the way
 * texts need them: E.164, and only numbers that can receive texts (a valid mobile number, or one
 * whose type is not known to be a landline). A number without a country code is read as a UK number.
 */
export interface PhoneNumbers {
  textable(phone: string): TextablePhone;
}

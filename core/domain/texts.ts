import { FINAL_FEE } from './fees.js';
import type { ApplicationStatus } from './status.js';

/**
 * Text messages (docs/product.md §16.4): short updates to applicants who ticked "Text me when my
 * application's status changes". Each is one SMS where it can be (at most 160 GSM-7 characters with
 * the agency's name and a link), and carries nothing personal beyond the application number and the
 * traveller's given name: a text can be read on a locked phone. Their words are written in the
 * reader's language by the TextWriter port (adapters/texts).
 */
export const TEXT_TEMPLATES = ['status_changed', 'info_requested', 'approved', 'rejected', 'evisa_sent'] as const;
export type TextTemplateName = (typeof TEXT_TEMPLATES)[number];

/** What each template is written from. */
export interface TextData {
  status_changed: { applicationNumber: string; givenName: string; newStatus: ApplicationStatus };
  info_requested: { applicationNumber: string; givenName: string; passportReupload: boolean };
  /** `finalFeeAmount` in pence; 0 when the guarantee waived it. */
  approved: { applicationNumber: string; givenName: string; finalFeeAmount: number };
  rejected: { applicationNumber: string; givenName: string };
  evisa_sent: { applicationNumber: string; givenName: string };
}

export type TextContent = { [T in TextTemplateName]: { template: T; data: TextData[T] } }[TextTemplateName];

/**
 * How a status reads to a traveller, in a text or a mail ("Application EV-… is now {phrase}"): the
 * English the `text` and `mail` messages say (tests/adapters/mail-i18n.test.ts holds them to it).
 */
export const STATUS_PHRASE: Record<ApplicationStatus, string> = {
  online_entry: 'waiting for its initial fee',
  application_created: 'paid and with our team',
  under_process: 'being processed',
  additional_info_required: 'waiting for your answer',
  verified: 'submitted to the Egyptian portal',
  approved: 'approved',
  rejected: 'not approved',
  final_payment_received: 'paid in full',
};

/** The agency's settings a text is written with. */
export interface TextSettings {
  agencyName: string;
  publicUrl: string;
}

// GSM 03.38 basic character set (with its extension table's characters, which count double).
const GSM7_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

/**
 * How many GSM-7 septets the text takes, or null when it needs UCS-2 (a character outside GSM-7:
 * the text is then limited to 70 characters per SMS).
 */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM7_BASIC.includes(char)) length += 1;
    else if (GSM7_EXTENDED.includes(char)) length += 2;
    else return null;
  }
  return length;
}

/** The longest a text may be before it is sent as several SMS (GSM-7). */
export const SINGLE_SMS_LENGTH = 160;

/**
 * How many SMS a text is sent as, counted on the words actually sent (a translation can change it):
 * GSM-7 takes 160 septets in one SMS, 153 in each part of a longer one; a text with any character
 * outside GSM-7 (Arabic, a typographic apostrophe) is UCS-2, 70 UTF-16 units in one SMS, 67 a part.
 */
export function smsSegments(text: string): { encoding: 'gsm7' | 'ucs2'; length: number; segments: number } {
  const septets = gsm7Length(text);
  if (septets !== null) return { encoding: 'gsm7', length: septets, segments: septets <= SINGLE_SMS_LENGTH ? 1 : Math.ceil(septets / 153) };
  const units = text.length;
  return { encoding: 'ucs2', length: units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/** A phone number read for texting: in E.164 (+447400123456), or why it cannot receive texts. */
export type TextablePhone = { ok: true; e164: string } | { ok: false; problem: string };

/** What the applicant reads when they ask for texts and their account's phone cannot receive them. */
export const UNTEXTABLE_PHONE_MESSAGE =
  "We cannot send text messages to your account's phone number. Please check it on your profile (a mobile number, with its country code if it is not a UK number), or untick text updates.";

/**
 * The text for an application's status change, or null when none is due: the applicant did not
 * ask for texts, or the status did not change. Information requests, approval (with the final fee
 * or its waiver) and rejection have their own words.
 */
export function statusTextContent(
  application: { applicationNumber: string; givenName: string; smsUpdates: boolean; status: ApplicationStatus; requiresPassportReupload: boolean; additionalInfoMessage: string | null },
  fromStatus: ApplicationStatus,
  options: { finalFeeAmount?: number } = {},
): TextContent | null {
  if (!application.smsUpdates) return null;
  const base = { applicationNumber: application.applicationNumber, givenName: application.givenName };
  const to = application.status;
  // An information request changed (a new message, a re-upload asked) counts as a change too.
  if (to === fromStatus && to !== 'additional_info_required') return null;
  // Approval after the guarantee deadline goes straight to final_payment_received: an approval, with nothing to pay.
  if (to === 'final_payment_received' && options.finalFeeAmount === 0) return { template: 'approved', data: { ...base, finalFeeAmount: 0 } };
  switch (to) {
    case 'additional_info_required':
      return { template: 'info_requested', data: { ...base, passportReupload: application.requiresPassportReupload && !application.additionalInfoMessage } };
    case 'approved':
      return { template: 'approved', data: { ...base, finalFeeAmount: options.finalFeeAmount ?? FINAL_FEE.amount } };
    case 'rejected':
      return { template: 'rejected', data: base };
    default:
      return { template: 'status_changed', data: { ...base, newStatus: to } };
  }
}

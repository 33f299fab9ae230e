import type { ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button.js';
import { PASSPORT_PHOTO_ACCEPT } from '../../../lib/file-rules.js';
import { Section } from '../form-parts.js';
import type { PassportScanState, ScannedField } from '../use-passport-scan.js';
import { shownMessage } from '../../../lib/shown-message.js';
import { isolate } from '../../../lib/bidi.js';
import { msg } from '@core/i18n/index.js';
import { useT, type PageWords } from '../../../lib/i18n.js';

const FIELD_LABELS: Record<ScannedField, string> = {
  givenName: msg('given name(s)'),
  surname: msg('surname'),
  gender: msg('gender'),
  dateOfBirth: msg('date of birth'),
  nationality: msg('nationality'),
  passportNumber: msg('passport number'),
  passportExpiry: msg('passport expiry date'),
};

/** The fields' names in the page's language, as a list. */
function fieldList(list: readonly ScannedField[], { t, dir }: Pick<PageWords, 't' | 'dir'>): string {
  return list.map((f) => t(FIELD_LABELS[f])).join(dir === 'rtl' ? '، ' : ', ');
}

/** The ids the scanner's input is described by: its hint, what the scan found, and why it failed. */
const HINT_ID = 'app-passport-scan-hint';
const STATUS_ID = 'app-passport-scan-status';
const ERROR_ID = 'app-passport-scan-error';

/**
 * "Scan your passport", before the Personal and Passport sections: a photo of the photo page (a
 * phone opens its camera) fills the fields its machine-readable zone holds. The photo is read on
 * our own server and, once read, also becomes the application's passport copy. What the scan
 * found is announced politely beside the button; why it failed is an alert there too, with
 * 'Use this picture anyway' when the picture may still be the passport copy.
 */
export function PassportScanSection({ state, scan, keepPicture, disabled }: { state: PassportScanState; scan: (file: File) => void; keepPicture: () => void; disabled?: boolean }) {
  const { t } = useT();
  const busy = state.status === 'scanning';
  const failed = state.status === 'failed';
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same photo again scans it again
    if (file) scan(file);
  };
  return (
    <Section
      title={t('Scan your passport')}
      description={t(
        "Photograph your passport's photo page, or choose a scan of it. We read the two lines of letters and <<< at the bottom on our own server (nothing is sent anywhere else) and fill in your details below. Check them before you submit: they must match your passport exactly.",
      )}
    >
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor="app-passport-scan"
          aria-disabled={busy || disabled}
          className="inline-flex min-h-11 cursor-pointer items-center rounded-md bg-gradient-to-r from-blue-600 to-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm focus-within:ring-2 focus-within:ring-blue-400 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        >
          {busy ? t('Reading your passport...') : t('Scan your passport')}
          <input
            id="app-passport-scan"
            type="file"
            className="sr-only"
            accept={PASSPORT_PHOTO_ACCEPT}
            capture="environment"
            disabled={busy || disabled}
            aria-invalid={failed && !state.kept ? true : undefined}
            aria-describedby={[HINT_ID, failed ? ERROR_ID : STATUS_ID].join(' ')}
            onChange={onChange}
          />
        </label>
        <span id={HINT_ID} className="text-xs text-slate-600">
          {t('JPG, PNG, HEIC or PDF, up to 10MB.')}
        </span>
      </div>
      <div id={STATUS_ID} role="status" className="text-sm">
        <ScanStatus state={state} />
      </div>
      {failed ? <ScanFailure state={state} keepPicture={keepPicture} /> : null}
    </Section>
  );
}

function ScanStatus({ state }: { state: PassportScanState }) {
  const words = useT();
  const { t } = words;
  switch (state.status) {
    case 'scanning':
      return <p className="text-slate-700">{t('Reading {file}… this takes a few seconds.', { file: isolate(state.fileName, words.dir) })}</p>;
    case 'read':
      return (
        <div className="space-y-1 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900" data-testid="scan-result">
          <p>
            {state.filled.length > 0
              ? t("We filled in your {fields} from your passport. They are marked 'Read from your passport' and you can still change them.", { fields: fieldList(state.filled, words) })
              : t('We read your passport but found no fields to fill in. Please fill them in yourself.')}
          </p>
          {state.valid ? null : (
            <p className="font-medium text-amber-800">
              {state.uncertain.length > 0
                ? t("Some characters could not be read with certainty: please check your {fields} against your passport (marked 'Please check this field').", {
                    fields: fieldList(state.uncertain, words),
                  })
                : t('Some characters could not be read with certainty: please check every filled field against your passport.')}
            </p>
          )}
          {state.assumedBirthCountry ? (
            <p className="font-medium text-amber-800">
              {t("Your passport's machine-readable zone does not give your country of birth, so we set it to your nationality, {country}. Please change it if you were born in another country.", {
                country: isolate(state.assumedBirthCountry, words.dir),
              })}
            </p>
          ) : null}
          {state.unmatchedNationality ? (
            <p className="font-medium text-amber-800">
              {t("Your passport's nationality code, {code}, is not a country on our list: please choose your nationality yourself.", { code: isolate(state.unmatchedNationality, words.dir) })}
            </p>
          ) : null}
          <p>{t("{file} will be uploaded as your passport copy; you don't need to choose it again.", { file: isolate(state.fileName, words.dir) })}</p>
        </div>
      );
    default:
      return null;
  }
}

function ScanFailure({ state, keepPicture }: { state: Extract<PassportScanState, { status: 'failed' }>; keepPicture: () => void }) {
  const words = useT();
  const { t } = words;
  const name = state.file ? isolate(state.file.name, words.dir) : t('This picture');
  return (
    <div id={ERROR_ID} role="alert" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="scan-failure">
      <p>{shownMessage(words, state.message)}</p>
      {state.kept ? (
        <p>{t('{name} will be uploaded as your passport copy. Please fill in the fields below yourself.', { name })}</p>
      ) : state.keepable ? (
        <>
          <p>{t("{name} is not used as your passport copy. If it is your passport's photo page, you can still use it, and fill in the fields below yourself.", { name })}</p>
          <Button variant="outline" className="min-h-11" onClick={keepPicture}>
            {t('Use this picture anyway')}
          </Button>
        </>
      ) : null}
    </div>
  );
}

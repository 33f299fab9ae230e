import type { ChangeEvent } from 'react';
import { PASSPORT_PHOTO_ACCEPT } from '../file-rules.js';
import { Section } from '../form-parts.js';
import type { PassportScanState, ScannedField } from '../use-passport-scan.js';

const FIELD_LABELS: Record<ScannedField, string> = {
  givenName: 'given name(s)',
  surname: 'surname',
  gender: 'gender',
  dateOfBirth: 'date of birth',
  nationality: 'nationality',
  passportNumber: 'passport number',
  passportExpiry: 'passport expiry date',
};

/**
 * "Scan your passport", before the Personal and Passport sections: a photo of the photo page (a
 * phone opens its camera) fills the fields its machine-readable zone holds. The photo is read on
 * our own server and also becomes the application's passport copy.
 */
export function PassportScanSection({ state, scan, disabled }: { state: PassportScanState; scan: (file: File) => void; disabled?: boolean }) {
  const busy = state.status === 'scanning';
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same photo again scans it again
    if (file) scan(file);
  };
  return (
    <Section
      title="Scan your passport"
      description="Photograph your passport's photo page, or choose a scan of it. We read the two lines of letters and <<< at the bottom on our own server (nothing is sent anywhere else) and fill in your details below. Check them before you submit: they must match your passport exactly."
    >
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor="app-passport-scan"
          aria-disabled={busy || disabled}
          className="inline-flex cursor-pointer items-center rounded-md bg-gradient-to-r from-blue-600 to-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm focus-within:ring-2 focus-within:ring-blue-400 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        >
          {busy ? 'Reading your passport...' : 'Scan your passport'}
          <input
            id="app-passport-scan"
            type="file"
            className="sr-only"
            accept={PASSPORT_PHOTO_ACCEPT}
            capture="environment"
            disabled={busy || disabled}
            onChange={onChange}
          />
        </label>
        <span className="text-xs text-slate-600">JPG, PNG, HEIC or PDF, up to 10MB.</span>
      </div>
      <div aria-live="polite" className="text-sm">
        <ScanStatus state={state} />
      </div>
    </Section>
  );
}

function ScanStatus({ state }: { state: PassportScanState }) {
  switch (state.status) {
    case 'idle':
      return null;
    case 'scanning':
      return <p className="text-slate-700">Reading {state.fileName}… this takes a few seconds.</p>;
    case 'read':
      return (
        <div className="space-y-1 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900" data-testid="scan-result">
          <p>
            {state.filled.length > 0
              ? `We filled in your ${state.filled.map((f) => FIELD_LABELS[f]).join(', ')} from your passport. They are marked 'Read from your passport' and you can still change them.`
              : 'We read your passport but found no fields to fill in. Please fill them in yourself.'}
          </p>
          {state.valid ? null : (
            <p className="font-medium text-amber-800">
              {state.uncertain.length > 0
                ? `Some characters could not be read with certainty: please check your ${state.uncertain.map((f) => FIELD_LABELS[f]).join(', ')} against your passport (marked 'Please check this field').`
                : 'Some characters could not be read with certainty: please check every filled field against your passport.'}
            </p>
          )}
          <p>{state.fileName} will be uploaded as your passport copy; you don't need to choose it again.</p>
        </div>
      );
    case 'failed':
      return (
        <div role="alert" className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
          <p>{state.message}</p>
          {state.kept ? <p>{state.fileName} is kept as your passport copy; you can choose another file below.</p> : null}
        </div>
      );
  }
}

import { useMemo, useState } from 'react';
import { ApiError, serverMessage } from '../../api/client.js';
import type { FieldNote } from '../../components/ui/label.js';
import { mrzNationalityCode } from '@core/domain/passport-scan.js';
import { useScanPassportMutation, type PassportScanDto } from './api.js';
import { checkPassportFile } from '../../lib/file-rules.js';
import { DEFAULT_APPLICATION_VALUES, type ApplicationFormValues } from './rules.js';
import type { ApplicationFormApi } from './use-application-form.js';
import { msg } from '@core/i18n/index.js';

/** The form's fields a passport scan fills, in the form's order. */
export const SCANNED_FIELDS = ['givenName', 'surname', 'gender', 'dateOfBirth', 'nationality', 'passportNumber', 'passportExpiry'] as const;
export type ScannedField = (typeof SCANNED_FIELDS)[number];
/** The fields a scan may mark: those it fills, and the country of birth it assumes. */
type MarkedField = ScannedField | 'countryOfBirth';

export const READ_FROM_PASSPORT = msg('Read from your passport');
export const CHECK_THIS_FIELD = msg('Please check this field');
export const SCAN_FAILED_MESSAGE = msg('We could not read your passport. Please try again, or fill in the fields yourself.');

export type PassportScanState =
  | { status: 'idle' }
  | { status: 'scanning'; fileName: string }
  | {
      status: 'read';
      fileName: string;
      filled: ScannedField[];
      valid: boolean;
      uncertain: ScannedField[];
      /** The country of birth set to the scanned nationality (the zone has no place of birth), or null when left as it was. */
      assumedBirthCountry: string | null;
      /** The zone's nationality code when it is no country of the list (the nationality is left for the traveller to choose). */
      unmatchedNationality: string | null;
    }
  | {
      status: 'failed';
      file: File | null;
      message: string;
      /** Whether the picture may still be the passport copy (it could be read as a file, not as a passport). */
      keepable: boolean;
      /** The traveller chose 'Use this picture anyway'. */
      kept: boolean;
    };

/** HTTP answers that refuse the file itself (its type, its size, no file): it cannot be the passport copy either. */
const FILE_REFUSED = [400, 413, 415];

/**
 * The country of birth after a scan that read `nationality`: the zone has no place of birth, so a
 * country of birth the traveller has not chosen (still the form's default, empty, or what an
 * earlier scan assumed) becomes the nationality — most travellers were born in the country of
 * their passport — and is marked for them to check. One they chose stays. Null: leave it.
 */
export function assumedBirthCountry(nationality: string | null, countryOfBirth: string, earlierAssumption: string | null): string | null {
  if (!nationality) return null;
  const chosen = countryOfBirth !== '' && countryOfBirth !== DEFAULT_APPLICATION_VALUES.countryOfBirth && countryOfBirth !== earlierAssumption;
  return chosen ? null : nationality;
}

/**
 * "Scan your passport": the photo goes to POST /api/passport-scan. A read photo becomes the
 * application's passport copy too (the traveller does not choose it twice); the fields read are
 * filled and noted 'Read from your passport' while they still hold what was read (editing one
 * drops its note), a field the reader is unsure of is noted 'Please check this field' instead, and
 * so is the country of birth the scan assumed. A photo with no readable zone is not the passport
 * copy unless the traveller chooses it ('Use this picture anyway': a passport the scanner cannot
 * read is still a passport); the fields are then typed by hand. Filled fields are form values like
 * typed ones, so the draft saves them.
 */
export function usePassportScan({ form, values, setPassport }: { form: Pick<ApplicationFormApi, 'setValue' | 'getValues'>; values: ApplicationFormValues; setPassport: (file: File) => void }) {
  const mutation = useScanPassportMutation();
  const [state, setState] = useState<PassportScanState>({ status: 'idle' });
  /** What each marked field was set to, and its note: the note stands while the field still holds that value. */
  const [marks, setMarks] = useState<Partial<Record<MarkedField, { value: string; note: FieldNote }>>>({});

  const fill = (field: MarkedField, value: string) => form.setValue(field, value as ApplicationFormValues[MarkedField], { shouldDirty: true, shouldTouch: true, shouldValidate: true });

  const scan = async (file: File) => {
    const check = checkPassportFile(file, { heic: true });
    if (!check.ok) {
      setState({ status: 'failed', file, message: check.description, keepable: false, kept: false });
      return;
    }
    setState({ status: 'scanning', fileName: file.name });
    let answer: PassportScanDto;
    try {
      answer = await mutation.mutateAsync(file);
    } catch (error) {
      // What an earlier scan read (its fields, notes and passport copy) stays as it was.
      const keepable = !(error instanceof ApiError && FILE_REFUSED.includes(error.status));
      setState({ status: 'failed', file, message: serverMessage(error) ?? SCAN_FAILED_MESSAGE, keepable, kept: false });
      return;
    }
    setPassport(file);
    const filled: ScannedField[] = [];
    const next: typeof marks = {};
    const uncertain = SCANNED_FIELDS.filter((field) => answer.fields[field] !== null && answer.uncertain.includes(field));
    for (const field of SCANNED_FIELDS) {
      const value = answer.fields[field];
      if (value === null || value === undefined) continue;
      fill(field, value);
      filled.push(field);
      next[field] = { value, note: uncertain.includes(field) ? { text: CHECK_THIS_FIELD, attention: true } : { text: READ_FROM_PASSPORT } };
    }
    // As the form holds them now: the traveller may have typed while the photo was read.
    const birthCountry = assumedBirthCountry(answer.fields.nationality, form.getValues('countryOfBirth'), marks.countryOfBirth?.value ?? null);
    if (birthCountry) {
      fill('countryOfBirth', birthCountry);
      next.countryOfBirth = { value: birthCountry, note: { text: CHECK_THIS_FIELD, attention: true } };
    }
    const code = answer.fields.nationality === null ? mrzNationalityCode(answer.mrz) : null;
    if (code) next.nationality = { value: form.getValues('nationality'), note: { text: CHECK_THIS_FIELD, attention: true } };
    setMarks(next);
    setState({ status: 'read', fileName: file.name, filled, valid: answer.valid, uncertain, assumedBirthCountry: birthCountry, unmatchedNationality: code });
  };

  /** 'Use this picture anyway': the picture the scanner could not read becomes the passport copy. */
  const keepPicture = () => {
    if (state.status !== 'failed' || !state.keepable || !state.file) return;
    setPassport(state.file);
    setState({ ...state, kept: true });
  };

  /** Back to no scan ('Start over'). */
  const reset = () => {
    setMarks({});
    setState({ status: 'idle' });
  };

  /** Field id → note, for the marked fields that still hold what the scan set. */
  const notes = useMemo(() => {
    const result: Record<string, FieldNote> = {};
    for (const [field, mark] of Object.entries(marks) as [MarkedField, { value: string; note: FieldNote }][]) {
      if (values[field] === mark.value) result[`app-${field}`] = mark.note;
    }
    return result;
  }, [marks, values]);

  return { state, scan, keepPicture, reset, notes, scanning: mutation.isPending };
}

import { useMemo, useState } from 'react';
import { serverMessage } from '../../api/client.js';
import type { FieldNote } from '../../components/ui/label.js';
import { useScanPassportMutation, type PassportScanDto } from './api.js';
import { checkPassportFile } from './file-rules.js';
import type { ApplicationFormValues } from './rules.js';
import type { ApplicationFormApi } from './use-application-form.js';

/** The form's fields a passport scan fills, in the form's order. */
export const SCANNED_FIELDS = ['givenName', 'surname', 'gender', 'dateOfBirth', 'nationality', 'passportNumber', 'passportExpiry'] as const;
export type ScannedField = (typeof SCANNED_FIELDS)[number];

export const READ_FROM_PASSPORT = 'Read from your passport';
export const CHECK_THIS_FIELD = 'Please check this field';
export const SCAN_FAILED_MESSAGE = 'We could not read your passport. Please try again, or fill in the fields yourself.';

export type PassportScanState =
  | { status: 'idle' }
  | { status: 'scanning'; fileName: string }
  | { status: 'read'; fileName: string; filled: ScannedField[]; valid: boolean; uncertain: ScannedField[] }
  | { status: 'failed'; fileName: string | null; message: string; kept: boolean };

/**
 * "Scan your passport": the photo goes to POST /api/passport-scan and becomes the application's
 * passport copy too (the traveller does not choose it twice). The fields read are filled and
 * noted 'Read from your passport' while they still hold what was read (editing one drops its
 * note); a field the reader is unsure of is noted 'Please check this field' instead. A photo with no readable zone keeps the server's hint and stays the passport copy.
 */
export function usePassportScan({ form, values, setPassport }: { form: Pick<ApplicationFormApi, 'setValue'>; values: ApplicationFormValues; setPassport: (file: File) => void }) {
  const mutation = useScanPassportMutation();
  const [state, setState] = useState<PassportScanState>({ status: 'idle' });
  const [read, setRead] = useState<Partial<Record<ScannedField, string>>>({});

  const scan = async (file: File) => {
    const check = checkPassportFile(file, { heic: true });
    if (!check.ok) {
      setState({ status: 'failed', fileName: file.name, message: check.description, kept: false });
      return;
    }
    setPassport(file);
    setState({ status: 'scanning', fileName: file.name });
    let answer: PassportScanDto;
    try {
      answer = await mutation.mutateAsync(file);
    } catch (error) {
      setRead({});
      setState({ status: 'failed', fileName: file.name, message: serverMessage(error) ?? SCAN_FAILED_MESSAGE, kept: true });
      return;
    }
    const filled: ScannedField[] = [];
    const readNow: Partial<Record<ScannedField, string>> = {};
    for (const field of SCANNED_FIELDS) {
      const value = answer.fields[field];
      if (value === null || value === undefined) continue;
      form.setValue(field, value as ApplicationFormValues[ScannedField], { shouldDirty: true, shouldTouch: true, shouldValidate: true });
      readNow[field] = value;
      filled.push(field);
    }
    setRead(readNow);
    const uncertain = SCANNED_FIELDS.filter((field) => filled.includes(field) && answer.uncertain.includes(field));
    setState({ status: 'read', fileName: file.name, filled, valid: answer.valid, uncertain });
  };

  /** Field id → note, for the fields that still hold what the scan read. */
  const uncertain = state.status === 'read' ? state.uncertain : null;
  const notes = useMemo(() => {
    const result: Record<string, FieldNote> = {};
    for (const field of SCANNED_FIELDS) {
      if (read[field] === undefined || values[field] !== read[field]) continue;
      result[`app-${field}`] = uncertain?.includes(field) ? { text: CHECK_THIS_FIELD, attention: true } : { text: READ_FROM_PASSPORT };
    }
    return result;
  }, [read, values, uncertain]);

  return { state, scan, notes, scanning: mutation.isPending };
}

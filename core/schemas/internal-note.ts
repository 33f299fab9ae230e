import { z } from 'zod';
import { INTERNAL_NOTE_MAX } from '../domain/internal-note.js';

export const NOTE_REQUIRED_MESSAGE = 'Please write the note.';
export const NOTE_TOO_LONG_MESSAGE = `A note can be at most ${INTERNAL_NOTE_MAX.toLocaleString('en-GB')} characters.`;

/** POST /api/admin/applications/{id}/notes. */
export const internalNoteSchema = z.object({
  text: z.string({ error: NOTE_REQUIRED_MESSAGE }).trim().min(1, NOTE_REQUIRED_MESSAGE).max(INTERNAL_NOTE_MAX, NOTE_TOO_LONG_MESSAGE),
});

/**
 * The coded errors `npm run recognize` prints for an input it cannot use, one registry for the
 * image and the landmark-sequence paths. A line with an error carries `"code"` (stable, for
 * scripts) and `"error"` (a plain sentence, with the decoder's own words where they help); the
 * other inputs of the same call are read as usual.
 */
import { ImageRejectedError } from '../../../apps/server/src/recognition/image-limits';

export const INPUT_ERRORS = {
  FILE_NOT_FOUND: 'no such file',
  FILE_UNREADABLE: 'the file cannot be read',
  NOT_AN_IMAGE_FILE:
    'not an image file by its name (jpeg, png, webp, avif, gif, tiff); a file named on its own is read whatever its name',
  IMAGE_EMPTY: 'the file is empty',
  IMAGE_UNREADABLE: 'not a readable image',
  IMAGE_TOO_LARGE: 'the image is larger than the reader accepts',
  LINE_NOT_JSON: 'not valid JSON',
  SEQUENCE_INVALID: 'not a landmark sequence',
} as const;
export type InputErrorCode = keyof typeof INPUT_ERRORS;

export interface InputError {
  code: InputErrorCode;
  error: string;
}

/** An error with a detail after the registry's sentence (the detail alone when it is the whole story). */
export function inputError(code: InputErrorCode, detail?: string): InputError {
  return { code, error: detail ? `${INPUT_ERRORS[code]}: ${detail}` : INPUT_ERRORS[code] };
}

/** What went wrong reading or decoding an image file, as a coded error. */
export function imageInputError(e: unknown): InputError {
  const errno = (e as NodeJS.ErrnoException | null)?.code;
  if (errno === 'ENOENT' || errno === 'ENOTDIR') return inputError('FILE_NOT_FOUND');
  if (typeof errno === 'string' && /^E[A-Z]+$/.test(errno)) return inputError('FILE_UNREADABLE', errno);
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof ImageRejectedError && e.reason === 'too-large') return inputError('IMAGE_TOO_LARGE', message);
  if (/buffer is empty/i.test(message)) return inputError('IMAGE_EMPTY');
  return inputError('IMAGE_UNREADABLE', message);
}

import { describe, expect, it } from 'vitest';
import { ImageRejectedError } from '../../../apps/server/src/recognition/image-limits';
import { imageInputError, inputError, INPUT_ERRORS } from './input-errors';

const errno = (code: string) => Object.assign(new Error(`${code}: something`), { code });

describe('input-errors: one coded registry for what recognize cannot use', () => {
  it('tells a missing file from one that cannot be read', () => {
    expect(imageInputError(errno('ENOENT'))).toEqual({ code: 'FILE_NOT_FOUND', error: 'no such file' });
    expect(imageInputError(errno('EACCES'))).toEqual({
      code: 'FILE_UNREADABLE',
      error: 'the file cannot be read: EACCES',
    });
    expect(imageInputError(errno('EISDIR')).code).toBe('FILE_UNREADABLE');
  });

  it("tells an empty file, a picture over the limits and anything else the decoder refused, with the decoder's words", () => {
    expect(imageInputError(new Error('Input Buffer is empty'))).toEqual({
      code: 'IMAGE_EMPTY',
      error: 'the file is empty',
    });
    expect(imageInputError(new ImageRejectedError('too-large', 'JPEG of 20000x20000 pixels'))).toEqual({
      code: 'IMAGE_TOO_LARGE',
      error: 'the image is larger than the reader accepts: JPEG of 20000x20000 pixels',
    });
    expect(imageInputError(new Error('VipsJpeg: premature end of JPEG image'))).toEqual({
      code: 'IMAGE_UNREADABLE',
      error: 'not a readable image: VipsJpeg: premature end of JPEG image',
    });
    expect(imageInputError('odd').code).toBe('IMAGE_UNREADABLE');
  });

  it('every code has its sentence', () => {
    for (const code of Object.keys(INPUT_ERRORS) as (keyof typeof INPUT_ERRORS)[])
      expect(inputError(code)).toEqual({ code, error: INPUT_ERRORS[code] });
  });
});

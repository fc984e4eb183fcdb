import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { checkCompanyImage, uploadErrorMessage } from './company-image';

const translate = (key: string) => `<${key}>`;

describe('checkCompanyImage', () => {
  it('accepts JPEG and PNG strictly under 5,000,000 bytes', () => {
    expect(checkCompanyImage({ type: 'image/png', size: 4_999_999 })).toBeNull();
    expect(checkCompanyImage({ type: 'image/jpeg', size: 10 })).toBeNull();
    expect(checkCompanyImage({ type: 'image/png', size: 5_000_000 })).toBe('file_size_too_big');
    expect(checkCompanyImage({ type: 'image/gif', size: 10 })).toBe('file_type_not_accepted');
    expect(checkCompanyImage({ type: 'image/svg+xml', size: 10 })).toBe('file_type_not_accepted');
    expect(checkCompanyImage({ type: '', size: 10 })).toBe('file_type_not_accepted');
  });
});

describe('uploadErrorMessage', () => {
  it('prefers the detail, then the message, then unknown_error', () => {
    expect(uploadErrorMessage(new ApiError(422, { detail: 'a.png: this type of file is not accepted', message: 'x' }, 'x'), translate)).toBe(
      'a.png: this type of file is not accepted',
    );
    expect(uploadErrorMessage(new ApiError(500, { message: 'Boom' }, 'Boom'), translate)).toBe('Boom');
    expect(uploadErrorMessage(new ApiError(500, null, 'x'), translate)).toBe('<unknown_error>');
    expect(uploadErrorMessage(new ApiError(500, { detail: '  ' }, 'x'), translate)).toBe('<unknown_error>');
    expect(uploadErrorMessage(null, translate)).toBe('<unknown_error>');
    expect(uploadErrorMessage(new Error('Failed to fetch'), translate)).toBe('Failed to fetch');
  });

  it('translates the too-big key and drops the field prefix', () => {
    expect(uploadErrorMessage(new ApiError(422, { detail: 'file: big.png: file_size_too_big' }, 'x'), translate)).toBe('big.png: <file_size_too_big>');
  });
});

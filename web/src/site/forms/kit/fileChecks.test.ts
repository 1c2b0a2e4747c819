import { UPLOAD_LIMITS } from '@sourcing/shared';
import { describe, expect, it } from 'vitest';
import { fileProblem, formatBytes } from './fileChecks';

const file = (name: string, size = 1000, type = '') => ({ name, size, type });

describe('fileProblem', () => {
  it('accepts allowed types by MIME type or extension', () => {
    expect(fileProblem([file('spec.pdf', 10, 'application/pdf'), file('photo.JPG'), file('sheet.xlsx')], 10)).toBeNull();
  });

  it('refuses a type outside the allowed list', () => {
    expect(fileProblem([file('specs.tar', 10, 'application/x-tar')], 10)).toBe(
      '"specs.tar" is not an allowed file type (PDF, PNG, JPEG, WebP, GIF, DOC, DOCX, XLS, XLSX, CSV, TXT)',
    );
  });

  it('refuses a name that would run on a desktop, even when the browser calls it text', () => {
    expect(fileProblem([file('payment-details.bat', 10, 'text/plain')], 10)).toBe(
      '"payment-details.bat" cannot be sent: .bat files can run programs. Send a PDF, a picture or an office document instead',
    );
    expect(fileProblem([file('tool.exe', 10, 'application/x-msdownload')], 10)).toMatch(/^"tool.exe" cannot be sent/);
  });

  it('refuses a file over 10 MB and accepts one of exactly 10 MB', () => {
    expect(fileProblem([file('big.pdf', UPLOAD_LIMITS.maxFileBytes + 1)], 1)).toBe('"big.pdf" is larger than 10 MB');
    expect(fileProblem([file('edge.pdf', UPLOAD_LIMITS.maxFileBytes)], 1)).toBeNull();
  });

  it('refuses more files than allowed', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => file(`p${i}.png`));
    expect(fileProblem(eleven, UPLOAD_LIMITS.maxSupplierFiles)).toBe('Attach at most 10 files');
    expect(fileProblem(eleven.slice(0, 10), UPLOAD_LIMITS.maxSupplierFiles)).toBeNull();
    expect(fileProblem(eleven.slice(0, 2), 1)).toBe('Attach only one file');
  });
});

describe('formatBytes', () => {
  it('reads as B, KB or MB', () => {
    expect(formatBytes(850)).toBe('850 B');
    expect(formatBytes(12_595)).toBe('12.3 KB');
    expect(formatBytes(4.2 * 1024 * 1024)).toBe('4.2 MB');
  });
});

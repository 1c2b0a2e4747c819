import { describe, expect, it } from 'vitest';
import { canRunPrograms, extensionOf, isOpenableFileName, nameForType } from './file-names';

describe('file names', () => {
  it('reads the extension the file systems act on', () => {
    expect(extensionOf('Report.PDF')).toBe('.pdf');
    expect(extensionOf('a.bat. ')).toBe('.bat');
    expect(extensionOf('archive.tar.gz')).toBe('.gz');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('folder.v2/name')).toBe('');
  });

  it('knows the names that run programs, on Windows, macOS and Linux', () => {
    for (const name of [
      'a.bat',
      'a.JS',
      'a.hta',
      'a.vbs',
      'a.ps1',
      'a.command',
      'a.desktop',
      'a.url',
      'a.exe.',
      'a.docm',
      'a.svg',
    ]) {
      expect(canRunPrograms(name), name).toBe(true);
    }
    for (const name of ['a.pdf', 'a.txt', 'a.docx', 'a.csv', 'bat', 'a.bat.txt']) expect(canRunPrograms(name), name).toBe(false);
  });

  it('names a file by the type its bytes showed', () => {
    expect(nameForType('notes.md', 'text/plain')).toBe('notes.md.txt');
    expect(nameForType('prices.csv', 'text/csv')).toBe('prices.csv');
    expect(nameForType('photo.JPG', 'image/jpeg')).toBe('photo.JPG');
    expect(nameForType('photo.jpeg', 'image/png')).toBe('photo.jpeg.png');
    expect(nameForType('payment.bat. ', 'text/plain')).toBe('payment.bat.txt');
    expect(nameForType('contract', 'application/pdf')).toBe('contract.pdf');
  });

  it('opens only what uploads may be', () => {
    expect(['a.pdf', 'a.JPG', 'a.xlsx', 'a.md.txt'].every(isOpenableFileName)).toBe(true);
    expect(['a.bat', 'a', 'a.html', 'a.zip'].some(isOpenableFileName)).toBe(false);
  });
});

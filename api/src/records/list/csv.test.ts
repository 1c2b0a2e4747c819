import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('CSV cells', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [' =1+1', "' =1+1"],
    // Separators of other locales: the cell may be split there, so what follows is a cell start too.
    [';=1+1', ";'=1+1"],
    ['a;=HYPERLINK("http://evil")', '"a;\'=HYPERLINK(""http://evil"")"'],
    ['ok|@SUM(A1)', "ok|'@SUM(A1)"],
    ['x\t+A1', "x\t'+A1"],
    ['x\t+1', 'x\t+1'],
    ['note, =2+3', '"note, \'=2+3"'],
    ['two\n-lines', '"two\n\'-lines"'],
    ['5-3 and a-b;c', '5-3 and a-b;c'],
  ])('%j becomes %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it.each(['+46 701234567', '+91 9876543210', '+1 (555) 010-9999', '+44-20-7946-0000', ' +46 70 123 45 67'])(
    'leaves the plain phone number %j as typed',
    (phone) => {
      expect(csvCell(phone)).toBe(phone);
    },
  );

  it.each([
    // Anything but digits, spaces, dashes and parentheses after the + is a formula's.
    ['+44 20 7946 0000 ext. 12', "'+44 20 7946 0000 ext. 12"],
    ['+1+1', "'+1+1"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['+cmd|calc', "'+cmd|calc"],
    ['+', "'+"],
    ['+()-', "'+()-"],
    // Two numbers in a cell: each is a cell of its own where ; splits, and each is left as typed.
    ['+46 70 111; +46 70 222', '+46 70 111; +46 70 222'],
    ['+46 70 111;+HYPERLINK("x")', '"+46 70 111;\'+HYPERLINK(""x"")"'],
  ])('%j becomes %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('joins lists, keeps numbers and empties, ends lines with CRLF', () => {
    expect(csvCell(['Coal', 'Gems'])).toBe('"Coal, Gems"');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvLine([1, 'a', null])).toBe('1,a,\r\n');
  });
});

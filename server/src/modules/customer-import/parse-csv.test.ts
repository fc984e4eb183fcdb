import { describe, expect, it } from 'vitest';
import { createCsvParser, CsvParseError, detectCsvDelimiter, parseCsv } from './parse-csv';

const cells = (text: string) => parseCsv(text).map((r) => r.cells);

describe('parseCsv', () => {
  it('reads plain rows, with or without a final line break', () => {
    expect(cells('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(cells('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(cells('a,b,\n1,,3')).toEqual([
      ['a', 'b', ''],
      ['1', '', '3'],
    ]);
  });

  it('handles quotes: escaped quotes, embedded delimiters and newlines, text after a closing quote', () => {
    const records = parseCsv('name,note\n"Smith, Ann","said ""hi""\nthen left"\n"x"y,z\n');
    expect(records.map((r) => r.cells)).toEqual([
      ['name', 'note'],
      ['Smith, Ann', 'said "hi"\nthen left'],
      ['xy', 'z'],
    ]);
    // A quoted newline does not start a spreadsheet row: the next record is row 3.
    expect(records.map((r) => r.number)).toEqual([1, 2, 3]);
    expect(cells('a,"",b')).toEqual([['a', '', 'b']]);
    expect(cells('a,b"c,d')).toEqual([['a', 'b"c', 'd']]);
  });

  it('detects semicolons and tabs from the header line, ignoring quoted ones', () => {
    expect(cells('Ime;Prezime;Telefon\nAna;"Anić; mlađa";+38761123456')).toEqual([
      ['Ime', 'Prezime', 'Telefon'],
      ['Ana', 'Anić; mlađa', '+38761123456'],
    ]);
    expect(cells('a\tb\n1\t2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(detectCsvDelimiter('"a;b;c",d')).toBe(',');
    expect(detectCsvDelimiter('single')).toBe(',');
    // Excel's hint line names the delimiter and is not a row.
    const hinted = parseCsv('sep=;\r\na;b\r\n1;2');
    expect(hinted.map((r) => [r.number, r.cells])).toEqual([
      [1, ['a', 'b']],
      [2, ['1', '2']],
    ]);
  });

  it('strips a BOM and accepts CRLF, LF and CR line ends', () => {
    expect(cells('\uFEFFphone,name\r\n1,a\r\n2,b\r\n')).toEqual([
      ['phone', 'name'],
      ['1', 'a'],
      ['2', 'b'],
    ]);
    expect(cells('a\rb\rc')).toEqual([['a'], ['b'], ['c']]);
    expect(cells('"x\r\ny",z\r\n')).toEqual([['x\r\ny', 'z']]);
  });

  it('keeps empty lines as (blank) rows so row numbers match a spreadsheet', () => {
    const records = parseCsv('h\n\n1\n\r\n2\n');
    expect(records.map((r) => [r.number, r.cells])).toEqual([
      [1, ['h']],
      [2, ['']],
      [3, ['1']],
      [4, ['']],
      [5, ['2']],
    ]);
  });

  it('parses the same whatever the chunk boundaries', () => {
    const text = '\uFEFFa;b;c\r\n"q;1";"line\r\nbreak";""""\r\n3;4;5\r\n';
    const whole = cells(text);
    for (let size = 1; size <= 7; size++) {
      const parser = createCsvParser();
      const out = [];
      for (let i = 0; i < text.length; i += size) out.push(...parser.push(text.slice(i, i + size)));
      out.push(...parser.end());
      expect(out.map((r) => r.cells)).toEqual(whole);
    }
    expect(whole).toEqual([
      ['a', 'b', 'c'],
      ['q;1', 'line\r\nbreak', '"'],
      ['3', '4', '5'],
    ]);
  });

  it('refuses an unclosed quote and absurd fields', () => {
    expect(() => parseCsv('a,b\n"open,1\n2,3')).toThrow(CsvParseError);
    expect(() => parseCsv(`a\n${'x'.repeat(100_001)}`)).toThrow(/longer than/);
    expect(() => parseCsv(','.repeat(1_001))).toThrow(/columns/);
    expect(parseCsv('')).toEqual([]);
  });
});

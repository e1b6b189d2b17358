// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { chunks, dropHeader, parseTableText, parseXlsx } from './table';

describe('user tables', () => {
  it('reads comma and tab separated text with quotes and a header', () => {
    expect(parseTableText('a,secret1,"x,y"\n\nb,secret2\r\n')).toEqual([
      ['a', 'secret1', 'x,y'],
      ['b', 'secret2'],
    ]);
    expect(parseTableText('a\tp w\t')).toEqual([['a', 'p w', '']]);
    expect(
      dropHeader([
        ['username', 'password'],
        ['a', 'b'],
      ]),
    ).toEqual([['a', 'b']]);
  });

  it('reads the first sheet of an xlsx with shared strings and gaps', () => {
    const sheet =
      '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1"><v>123456</v></c></row>' +
      '<row r="2"><c r="A2" t="inlineStr"><is><t>bob</t></is></c><c r="B2" t="s"><v>1</v></c></row></sheetData></worksheet>';
    const bytes = zipSync({
      'xl/sharedStrings.xml': strToU8('<sst><si><t>alice</t></si><si><t>pass12</t></si></sst>'),
      'xl/worksheets/sheet1.xml': strToU8(sheet),
    });
    expect(parseXlsx(bytes)).toEqual([
      ['alice', '', '123456'],
      ['bob', 'pass12'],
    ]);
  });

  it('chunks', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});

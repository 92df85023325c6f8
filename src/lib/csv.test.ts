import { describe, expect, it } from 'vitest';
import { CsvReader, guessDelimiter } from './csv.ts';

const all = (text: string) => {
  const reader = new CsvReader(text);
  const records: { line: number; fields: string[] }[] = [];
  for (let record = reader.next(); record; record = reader.next()) records.push(record);
  return records;
};

describe('the CSV reader of the data-point import', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks inside, and says where each record starts', () => {
    expect(all('\ufeffdate,value,note\r\n2026-01-01,3,"one, two"\n\n2026-01-02,4,"say ""hi""\nthen go"\n2026-01-03,5,')).toEqual([
      { line: 1, fields: ['date', 'value', 'note'] },
      { line: 2, fields: ['2026-01-01', '3', 'one, two'] },
      { line: 4, fields: ['2026-01-02', '4', 'say "hi"\nthen go'] },
      { line: 6, fields: ['2026-01-03', '5', ''] },
    ]);
  });

  it('takes the delimiter the header uses: comma, semicolon or tab', () => {
    expect(guessDelimiter('date;value;note')).toBe(';');
    expect(guessDelimiter('date\tvalue')).toBe('\t');
    expect(guessDelimiter('date,value')).toBe(',');
    expect(all('Datum;Schritte\n2026-01-01;8000')[1]!.fields).toEqual(['2026-01-01', '8000']);
  });
});

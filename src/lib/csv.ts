/**
 * A small RFC 4180 reader for the admin's CSV import: quoted fields (with "" for a quote and line breaks
 * inside), CRLF or LF, and a comma, semicolon or tab delimiter. It reads one record at a time, so the
 * caller can stop every few thousand records and give the page back to the browser (100,000 rows must
 * not freeze it).
 */
export class CsvReader {
  private position = 0;
  /** 1-based line of the file where the next record starts (a quoted line break makes a record span two). */
  line = 1;
  readonly delimiter: string;
  private readonly text: string;

  constructor(text: string, delimiter?: string) {
    this.text = text;
    // A byte order mark (spreadsheet exports often start with one) is not part of the first column's name.
    if (text.charCodeAt(0) === 0xfeff) this.position = 1;
    this.delimiter = delimiter ?? guessDelimiter(text.slice(this.position, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n')));
  }

  get done(): boolean {
    return this.position >= this.text.length;
  }

  /** The next record's fields and the line it started on, or null at the end. Blank lines are skipped. */
  next(): { line: number; fields: string[] } | null {
    const { text, delimiter } = this;
    while (!this.done) {
      const line = this.line;
      const fields: string[] = [];
      let field = '';
      let i = this.position;
      let ended = false;
      while (i < text.length && !ended) {
        const char = text[i]!;
        if (char === '"' && field === '') {
          // A quoted field: read to the closing quote, "" standing for one quote.
          i++;
          while (i < text.length) {
            if (text[i] === '"') {
              if (text[i + 1] === '"') {
                field += '"';
                i += 2;
                continue;
              }
              i++;
              break;
            }
            if (text[i] === '\n') this.line++;
            field += text[i];
            i++;
          }
          continue;
        }
        if (char === delimiter) {
          fields.push(field);
          field = '';
          i++;
        } else if (char === '\n' || char === '\r') {
          if (char === '\r' && text[i + 1] === '\n') i++;
          i++;
          this.line++;
          ended = true;
        } else {
          field += char;
          i++;
        }
      }
      fields.push(field);
      this.position = i;
      if (fields.length === 1 && fields[0]!.trim() === '') continue;
      return { line, fields };
    }
    return null;
  }
}

/** The delimiter the header line uses most: comma, semicolon (European spreadsheets) or tab. */
export function guessDelimiter(header: string): string {
  let best = ',';
  let most = 0;
  for (const candidate of [',', ';', '\t']) {
    const count = header.split(candidate).length - 1;
    if (count > most) {
      best = candidate;
      most = count;
    }
  }
  return best;
}

/** Lets the browser paint and handle input before the next slice of work. */
export const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A hand-written inline script as every page carries it: whole-line comments, indentation and blank
 * lines dropped, the code itself untouched. Only whole lines go, so a `//` inside a string or after
 * code stays as it was. (The head script is read by people; the bytes before first paint are not.)
 */
export function compactScript(code: string): string {
  return code
    .replace(/^[ \t]*\/\/.*$/gm, '')
    .replace(/^[ \t]+/gm, '')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

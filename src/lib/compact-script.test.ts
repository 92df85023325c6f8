import { describe, expect, it } from 'vitest';
import { compactScript } from './compact-script.ts';

describe('compactScript', () => {
  it('drops whole-line comments, indentation and blank lines', () => {
    expect(compactScript('// about\n(function () {\n  // why\n  var a = 1;\n\n  a++;\n})();\n')).toBe('(function () {\nvar a = 1;\na++;\n})();');
  });

  it('keeps a // that is part of the code', () => {
    const code = "var url = 'https://example.com'; // trailing note\nvar re = /\\/\\//;";
    expect(compactScript(code)).toBe(code);
  });
});

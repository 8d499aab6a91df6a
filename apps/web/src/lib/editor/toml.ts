import type { languages } from 'monaco-editor/editor';

/**
 * Monaco ships no TOML grammar. Hook configs use a small part of TOML (tables, arrays of tables, strings,
 * numbers, booleans, inline arrays), so a compact Monarch tokenizer is enough for readable colours.
 */
export const tomlLanguage: languages.IMonarchLanguage = {
  defaultToken: '',
  tokenPostfix: '.toml',
  escapes: /\\(?:[btnfr"\\]|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8})/,
  tokenizer: {
    root: [
      { include: '@whitespace' },
      // [[array.of.tables]] before [table]: the longer bracket wins.
      [/^\s*\[\[[^\]]*\]\]/, 'type.identifier'],
      [/^\s*\[[^\]]*\]/, 'type.identifier'],
      // A key is whatever precedes `=` on the line: bare, quoted or dotted.
      [/(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*(?=\s*=)/, 'key'],
      [/=/, 'delimiter'],
      { include: '@value' },
    ],
    value: [
      [/"""/, 'string', '@mlBasic'],
      [/'''/, 'string', '@mlLiteral'],
      [/"/, 'string', '@basic'],
      [/'[^']*'/, 'string'],
      [/\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?/, 'number.date'],
      [/[+-]?(?:inf|nan)\b/, 'number'],
      [/[+-]?0x[0-9A-Fa-f_]+|[+-]?0o[0-7_]+|[+-]?0b[01_]+/, 'number'],
      [/[+-]?\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?/, 'number'],
      [/\b(?:true|false)\b/, 'keyword'],
      [/[[\]{}]/, '@brackets'],
      [/,/, 'delimiter'],
      // Inline tables have keys too.
      [/[A-Za-z0-9_-]+(?=\s*=)/, 'key'],
    ],
    whitespace: [
      [/[ \t\r\n]+/, ''],
      [/#.*$/, 'comment'],
    ],
    basic: [
      [/[^\\"]+/, 'string'],
      [/@escapes/, 'string.escape'],
      [/\\./, 'string.escape.invalid'],
      [/"/, 'string', '@pop'],
    ],
    mlBasic: [
      [/[^\\"]+/, 'string'],
      [/@escapes/, 'string.escape'],
      [/\\\s*$/, 'string.escape'],
      [/"""/, 'string', '@pop'],
      [/"/, 'string'],
    ],
    mlLiteral: [
      [/[^']+/, 'string'],
      [/'''/, 'string', '@pop'],
      [/'/, 'string'],
    ],
  },
};

export const tomlConfiguration: languages.LanguageConfiguration = {
  comments: { lineComment: '#' },
  brackets: [
    ['[', ']'],
    ['{', '}'],
  ],
  autoClosingPairs: [
    { open: '[', close: ']' },
    { open: '{', close: '}' },
    { open: '"', close: '"', notIn: ['string'] },
    { open: "'", close: "'", notIn: ['string'] },
  ],
  surroundingPairs: [
    { open: '[', close: ']' },
    { open: '{', close: '}' },
    { open: '"', close: '"' },
    { open: "'", close: "'" },
  ],
};

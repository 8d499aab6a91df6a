import type { editor } from 'monaco-editor/editor';

/**
 * Editor themes whose backgrounds match the app's surfaces (see app.css), so Monaco reads as part of the
 * page instead of a dark box on a light page. Token colours stay Monaco's own; only TOML keys get a hue.
 */
export const lightTheme: editor.IStandaloneThemeData = {
  base: 'vs',
  inherit: true,
  rules: [
    { token: 'key.toml', foreground: '0b5cad' },
    { token: 'type.identifier.toml', foreground: '8a3ffc', fontStyle: 'bold' },
  ],
  colors: {
    'editor.background': '#ffffff',
    'editorGutter.background': '#ffffff',
    'editor.lineHighlightBackground': '#f3f5f9',
    'editorLineNumber.foreground': '#a0a7b4',
    'editorLineNumber.activeForeground': '#4b5563',
  },
};

export const darkTheme: editor.IStandaloneThemeData = {
  base: 'vs-dark',
  inherit: true,
  rules: [
    { token: 'key.toml', foreground: '7cc4ff' },
    { token: 'type.identifier.toml', foreground: 'c4a7ff', fontStyle: 'bold' },
  ],
  colors: {
    'editor.background': '#15181e',
    'editorGutter.background': '#15181e',
    'editor.lineHighlightBackground': '#1d2129',
    'editorLineNumber.foreground': '#5a6270',
    'editorLineNumber.activeForeground': '#b6bdc9',
  },
};

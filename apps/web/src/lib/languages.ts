import { configSpecFor, type DialectId } from './catalog';

/** Monaco language ids hookplay registers; anything else is shown as plain text. */
export type EditorLanguage = 'toml' | 'json' | 'javascript' | 'python' | 'shell' | 'plaintext';

const BY_EXTENSION: Record<string, EditorLanguage> = {
  toml: 'toml',
  json: 'json',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  py: 'python',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
};

/** The editor language of a file: the catalog decides for config files, the extension or shebang for scripts. */
export function languageFor(dialect: DialectId, path: string, text = ''): EditorLanguage {
  const spec = configSpecFor(dialect, path);
  if (spec) return spec.language;
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot > 0) {
    const lang = BY_EXTENSION[base.slice(dot + 1).toLowerCase()];
    if (lang) return lang;
  }
  const shebang = /^#!.*\b(node|python3?|sh|bash|zsh)\b/.exec(text);
  if (shebang) return shebang[1] === 'node' ? 'javascript' : shebang[1]!.startsWith('python') ? 'python' : 'shell';
  return dot > 0 ? 'plaintext' : 'shell';
}

export const LANGUAGE_LABEL: Record<EditorLanguage, string> = {
  toml: 'TOML',
  json: 'JSON',
  javascript: 'JavaScript',
  python: 'Python',
  shell: 'Shell',
  plaintext: 'Text',
};

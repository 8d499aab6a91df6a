/**
 * Everything Monaco, in one lazily imported module: the eager page never pulls any of it (see loader.ts).
 * Only the languages hookplay edits are registered; each grammar is itself a lazy chunk.
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/python/register';
import 'monaco-editor/languages/definitions/shell/register';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import { darkTheme, lightTheme } from './themes';
import { tomlConfiguration, tomlLanguage } from './toml';
export { editorSchemas } from './schemas';

self.MonacoEnvironment = {
  getWorker(_moduleId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

monaco.languages.register({ id: 'toml', extensions: ['.toml'], aliases: ['TOML', 'toml'] });
monaco.languages.setMonarchTokensProvider('toml', tomlLanguage);
monaco.languages.setLanguageConfiguration('toml', tomlConfiguration);

monaco.editor.defineTheme('hookplay-light', lightTheme);
monaco.editor.defineTheme('hookplay-dark', darkTheme);

export interface JsonSchemaAssociation {
  uri: string;
  fileMatch: string[];
  schema: object;
}

let lastSchemas = '';
/** Hook configs are strict JSON (the hosts use JSON.parse): comments and trailing commas are errors. */
export function setJsonSchemas(schemas: JsonSchemaAssociation[]): void {
  const key = JSON.stringify(schemas);
  if (key === lastSchemas) return;
  lastSchemas = key;
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    trailingCommas: 'error',
    comments: 'error',
    enableSchemaRequest: false,
    schemaValidation: 'warning',
    schemas,
  });
}

export function setTheme(dark: boolean): void {
  monaco.editor.setTheme(dark ? 'hookplay-dark' : 'hookplay-light');
}

export { monaco };
export type Monaco = typeof monaco;

/** Models live across tab switches (keeping undo history and cursor); the app disposes the ones it dropped. */
export function modelUri(key: string): monaco.Uri {
  return monaco.Uri.from({ scheme: 'hookplay', path: `/${key}` });
}

export function modelFor(key: string, value: string, language: string): monaco.editor.ITextModel {
  const uri = modelUri(key);
  const existing = monaco.editor.getModel(uri);
  if (existing) {
    if (existing.getLanguageId() !== language) monaco.editor.setModelLanguage(existing, language);
    if (existing.getValue() !== value) existing.setValue(value);
    return existing;
  }
  return monaco.editor.createModel(value, language, uri);
}

export function disposeModelsExcept(keep: Iterable<string>): void {
  const wanted = new Set([...keep].map((k) => modelUri(k).toString()));
  for (const model of monaco.editor.getModels()) {
    if (model.uri.scheme === 'hookplay' && !wanted.has(model.uri.toString())) model.dispose();
  }
}

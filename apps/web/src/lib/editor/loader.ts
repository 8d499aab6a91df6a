/**
 * Monaco arrives after the page is usable: this tiny module is the only eager piece, and the first call
 * starts the download of setup.ts and its chunks. Every editor shares the one promise.
 */
export type MonacoSetup = typeof import('./setup');

let loading: Promise<MonacoSetup> | null = null;
let loaded: MonacoSetup | null = null;

export function loadMonaco(): Promise<MonacoSetup> {
  loading ??= import('./setup').then((m) => (loaded = m));
  return loading;
}

/** The setup module if it already arrived, for synchronous paths (markers, model disposal). */
export function monacoIfLoaded(): MonacoSetup | null {
  return loaded;
}

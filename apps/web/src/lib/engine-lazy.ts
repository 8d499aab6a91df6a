/**
 * The engine's heavier half in the browser (every dialect's loader and rules), for the rare paths that need it
 * here: validating without a server. Imported dynamically, so it is a chunk of its own that the page fetches only
 * when the server cannot answer.
 */
export { validateScenario } from '@hookplay/engine/browser';

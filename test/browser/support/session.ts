/**
 * What a person does with a session in the playground: switch to "Session", type the steps, read the session
 * timeline back (each step, its events, the tool call, what the model is told, how it ended).
 */
import type { Locator, Page } from 'playwright-core';
import { stepLabel, type SessionStep } from '@hookplay/engine/browser';
import { setEditorText } from './playground';

/** Switches to Session and pastes the steps; returns once the step list reads them all back (the paste has landed). */
export async function useSession(page: Page, steps: SessionStep[]): Promise<void> {
  await page.getByRole('radio', { name: 'Session', exact: true }).check();
  await setEditorText(page, page.getByTestId('session-json'), `${JSON.stringify({ steps }, null, 2)}\n`);
  await waitForSteps(page, steps);
}

/** Waits until the step list shows exactly these steps, by the labels the engine gives them. */
export async function waitForSteps(page: Page, steps: SessionStep[]): Promise<void> {
  const labels = steps.map((s) => stepLabel(s));
  await page.waitForFunction(
    (expected) => JSON.stringify([...document.querySelectorAll('[data-testid=step-row] .what')].map((r) => r.textContent)) === expected,
    JSON.stringify(labels),
    { timeout: 10_000 },
  );
}

export async function pickHost(page: Page, label: string): Promise<void> {
  await page.getByRole('radio', { name: label, exact: true }).check();
}

/** The timeline entries, in order: a user step's number, or `host` for a phase the host adds. */
export function sessionSteps(page: Page): Locator {
  return page.getByTestId('session-step');
}

export async function endedReason(page: Page): Promise<string> {
  return (await page.getByTestId('session-ended').getAttribute('data-reason')) ?? '';
}

/** For each event the session fired, in order: its name, its verdict, and the state fields its hooks were given. */
export async function firedEvents(page: Page): Promise<{ event: string; verdict: string; state: Record<string, string> }[]> {
  return page.getByTestId('session-event').evaluateAll((els) =>
    els.map((el) => ({
      event: el.getAttribute('data-event') ?? '',
      verdict: el.getAttribute('data-verdict') ?? '',
      state: Object.fromEntries(
        [...el.querySelectorAll('[data-testid=state-field]')].map((f) => {
          const text = f.textContent ?? '';
          return [f.getAttribute('data-key') ?? '', text.slice(text.indexOf(':') + 1).trim()];
        }),
      ),
    })),
  );
}

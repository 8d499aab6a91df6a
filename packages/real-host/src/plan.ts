import type { ScenarioProblem } from '@hookplay/engine';

/** The parts of a scenario the real host cannot be made to play, each named by its path in the scenario. */
export interface CannotExpress {
  problems: ScenarioProblem[];
}

export const cannotExpress = (x: unknown): x is CannotExpress => typeof x === 'object' && x !== null && 'problems' in x && Array.isArray((x as CannotExpress).problems);

/** A scenario the real host cannot play: the error names each part, and nothing ran. */
export class CannotExpressError extends Error {
  constructor(
    readonly host: string,
    readonly problems: ScenarioProblem[],
  ) {
    super(`the real ${host} cannot play this scenario as written:\n${problems.map((p) => `  ${p.path ? `${p.path}: ` : ''}${p.message}`).join('\n')}`);
    this.name = 'CannotExpressError';
  }
}

/** The source of "now" for every rule that depends on time; tests drive their own. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

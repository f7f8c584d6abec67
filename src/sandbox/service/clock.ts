/** The sandbox's notion of "today": fixed by default so demo data and periods are reproducible. */
export interface Clock {
  /** Today's date, `YYYY-MM-DD`. Decides the current (open) pay period. */
  today(): string;
  /** A timestamp with a UTC offset for records created or updated now. */
  now(): string;
}

export const DEFAULT_TODAY = "2026-11-21";

/** A clock whose date is fixed; timestamps carry that date and the real time of day. */
export function fixedClock(today: string = DEFAULT_TODAY): Clock {
  return {
    today: () => today,
    now: () => `${today}T${new Date().toISOString().slice(11, 19)}Z`,
  };
}

/**
 * What the shell's entry reads of the runtime's Temporal (the browsers that have one): the operator's
 * today (the dashboard's week, weekRequest.ts) and its zone being known (earlySignedInPart.ts). Imports
 * nothing, as the entry takes it before any shared module is loaded; the date helpers have their own
 * reading of it (@trungtam/shared/operatorDate).
 */
export interface RuntimeTemporal {
  Now: {
    plainDateISO(zone: string): {
      dayOfWeek: number;
      subtract(duration: { days: number }): { toString(): string; add(duration: { days: number }): { toString(): string } };
    };
  };
  Instant: { fromEpochMilliseconds(ms: number): { toZonedDateTimeISO(zone: string): unknown } };
}

/** The runtime's Temporal, or undefined where there is none. */
export function runtimeTemporal(): RuntimeTemporal | undefined {
  return (globalThis as { Temporal?: RuntimeTemporal }).Temporal;
}

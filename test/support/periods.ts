/** Offsets of a wave's periods ending within [from, to], in order: the engine tests walk a year with it. */
import { dayNumber, periodContaining, periodEndDate, type WavePeriods } from "../../src/sandbox/engine";

export function periodOffsetsBetween(wave: WavePeriods, from: string, to: string): number[] {
  const first = periodContaining(wave, from).offset;
  const out: number[] = [];
  for (let k = first; dayNumber(periodEndDate(wave, k)) <= dayNumber(to); k++) out.push(k);
  return out;
}

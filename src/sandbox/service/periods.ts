/**
 * Cached wave period facts (start, end, position in the year) per wave and offset. The engine's arithmetic is
 * exact but allocates dates on every call; history for 10,000 employees asks the same few hundred periods
 * hundreds of thousands of times.
 */
import { periodEndDate, periodIndexInYear, periodStartDate, type WavePeriods } from "../engine";

export interface PeriodInfo {
  start: string;
  end: string;
  /** 1 for the first period ending in its calendar year. */
  indexInYear: number;
}

const cache = new WeakMap<WavePeriods, Map<number, PeriodInfo>>();

/** Wave records never change frequency or first_end_date, so they key the cache. */
export function period(wave: WavePeriods, offset: number): PeriodInfo {
  let byOffset = cache.get(wave);
  if (!byOffset) cache.set(wave, (byOffset = new Map()));
  let info = byOffset.get(offset);
  if (!info) {
    const end = periodEndDate(wave, offset);
    const prev = byOffset.get(offset - 1);
    info = {
      start: prev ? nextDay(prev.end) : periodStartDate(wave, offset),
      end,
      indexInYear: prev ? (prev.end.slice(0, 4) === end.slice(0, 4) ? prev.indexInYear + 1 : 1) : periodIndexInYear(wave, offset),
    };
    byOffset.set(offset, info);
  }
  return info;
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

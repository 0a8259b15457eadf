/**
 * A time zone's UTC offsets over a span, as the segments between its transitions (DST changes),
 * so the database can fold UTC hours into local days and hours with one CASE expression. Node's
 * Intl data (full ICU) answers for any IANA zone; a transition is found to the minute.
 */

/** An offset (ms, local − UTC) in force from `from` (ms) until the next segment's `from`. */
export interface OffsetSegment {
  from: number;
  offsetMs: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

function formatterOf(timeZone: string): Intl.DateTimeFormat | null {
  if (!ZONE_SHAPE.test(timeZone)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
  } catch {
    return null;
  }
}

/** True for a time zone name this server knows (IANA, e.g. Europe/Berlin, or UTC). */
export function isTimeZone(timeZone: string): boolean {
  return formatterOf(timeZone) !== null;
}

function offsetAt(format: Intl.DateTimeFormat, at: number): number {
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0 } = parts;
  const local = Date.UTC(year, month - 1, day, hour % 24, minute);
  return local - Math.floor(at / MINUTE_MS) * MINUTE_MS;
}

/** The zone's offsets over [start, end): one segment per change, the first starting at `start`. */
export function offsetSegments(timeZone: string, start: number, end: number): OffsetSegment[] {
  const format = formatterOf(timeZone);
  if (!format) throw new RangeError(`unknown time zone ${timeZone}`);
  const segments: OffsetSegment[] = [{ from: start, offsetMs: offsetAt(format, start) }];
  // Zones change at most a few times a year, never twice within a day: a daily probe finds each.
  for (let probe = start; probe < end; probe += DAY_MS) {
    const next = Math.min(probe + DAY_MS, end);
    const before = segments[segments.length - 1]?.offsetMs ?? 0;
    const after = offsetAt(format, next);
    if (after === before) continue;
    let low = probe;
    let high = next;
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetAt(format, middle) === before) low = middle;
      else high = middle;
    }
    segments.push({ from: high, offsetMs: after });
  }
  return segments;
}

const HOUR_MS = 3_600_000;

/**
 * Where each of the days fromDay…toDay (days since 1970-01-01 on the local calendar) starts: the
 * first UTC hour whose local start falls on it, and one more entry where the day after toDay
 * starts, so day `fromDay + i` holds the hours [starts[i], starts[i + 1]). The segments must span
 * the days. Local time only moves forward day by day, so one walk over the hours finds them all.
 */
export function dayStarts(segments: readonly OffsetSegment[], fromDay: number, toDay: number): number[] {
  const first = segments[0]?.from ?? fromDay * DAY_MS;
  let index = 0;
  const localDay = (hour: number) => {
    while (index + 1 < segments.length && (segments[index + 1]?.from ?? Infinity) <= hour) index += 1;
    return Math.floor((hour + (segments[index]?.offsetMs ?? 0)) / DAY_MS);
  };
  const starts: number[] = [];
  let hour = Math.ceil(first / HOUR_MS) * HOUR_MS;
  for (let day = fromDay; day <= toDay + 1; day += 1) {
    while (localDay(hour) < day) hour += HOUR_MS;
    starts.push(hour);
  }
  return starts;
}

/** How the page writes its figures. */

/** Seconds as minutes with one decimal ("12.5"). */
export function formatMinutes(seconds: number): string {
  return (seconds / 60).toFixed(1);
}

/** USD to the cent ("$1.25"); amounts under a cent but above zero say so ("<$0.01"). */
export function formatUsd(usd: number): string {
  if (usd > 0 && usd < 0.005) return '<$0.01';
  return `$${usd.toFixed(2)}`;
}

/** An axis step in USD: as many digits as a small step needs ("$0.002", "$1.50"). */
export function axisUsd(usd: number): string {
  if (usd === 0) return '$0';
  return usd < 0.01 ? `$${Number(usd.toPrecision(2))}` : `$${usd.toFixed(2)}`;
}

/** "2026-03-09" → "Mar 9" for chart labels, on the calendar the date is in. */
export function shortDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** 0 → "00:00". */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

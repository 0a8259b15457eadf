/** Texts of the Knowledge Base tab's re-crawl section (issue 24, "Fresh"). */
export const RECRAWL_TEXTS = {
  title: 'Keep up to date',
  frequency: 'Re-crawl',
  frequencies: { off: 'Off', daily: 'Daily', weekly: 'Weekly' },
  weekday: 'Day',
  hour: 'Hour',
  timeZone: (zone: string) => `Times are in ${zone}.`,
  newPages: 'New pages',
  newPageChoices: { selected: 'Selected', excluded: 'Excluded' },
  refreshSummary: 'Refresh the summary after a change',
  runNow: 'Re-crawl now',
  saveFirst: 'Save the bot to re-crawl its website.',
  never: 'Not re-crawled yet.',
  result: (changed: number, added: number, gone: number, at: string) =>
    `${changed} changed, ${added} new, ${gone} gone · ${at}`,
  failed: (error: string) => `Last re-crawl: ${error}`,
  next: (at: string) => `Next re-crawl: ${at}`,
  saved: 'Re-crawl schedule saved',
  saveFailed: 'Failed to save the re-crawl schedule',
  ran: 'Website re-crawled',
  runFailed: 'Failed to re-crawl website',
  gone: 'Gone',
  remove: 'Remove',
  removeLabel: (url: string) => `Remove ${url}`,
} as const;

/** A date and time as the console shows re-crawl times: in UTC, like the schedule. */
export function recrawlTime(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

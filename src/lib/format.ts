// One formatter for every date: making one per call cost a large archive's build a second.
const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** Long-form date in US English, read in UTC so a date-only value never shifts a day. */
export function formatLongDate(date: Date): string {
  return longDate.format(date);
}

export function formatReadTime(minutes: number): string {
  return `${minutes} min read`;
}

/** US dollars without cents: 2500 -> "$2,500". */
export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A moment as people read it in the admin panels: "Nov 25, 2026, 5:23 PM". */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

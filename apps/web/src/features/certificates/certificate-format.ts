/** "23 November 2026": a certificate's dates as the PDF prints them (the UTC calendar day). */
const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export function certificateDay(iso: string): string {
  return DAY.format(new Date(iso));
}

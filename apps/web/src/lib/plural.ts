/**
 * "1 student", "2 students": the count with the noun English needs for it, chosen by Intl.PluralRules
 * (issue 15: no more "1 students").
 */
const rules = new Intl.PluralRules('en');

export function countOf(count: number, one: string, other: string): string {
  return `${count} ${rules.select(count) === 'one' ? one : other}`;
}

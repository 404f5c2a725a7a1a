/** Turns the user's search text into a case-insensitive substring pattern for ILIKE ... ESCAPE '\'. */

/** `50%_off\` -> `50\%\_off\\`: the user's text matches literally, never as a wildcard. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** `%text%` with the text's own wildcards escaped; undefined for blank text (no filter). */
export function containsPattern(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? `%${escapeLike(trimmed)}%` : undefined;
}

/** Wording of the top-bar search's issue-16 additions (the rest is DASHBOARD_TEXT's). */
export const COURSE_SEARCH_TEXT = {
  seeAllResults: (term: string) => `See all results for “${term}”`,
} as const;

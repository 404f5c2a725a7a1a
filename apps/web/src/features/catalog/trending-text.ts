/** Wording and grid of the home page's Trending Courses section (spec section 1), kept apart so the home page stays light. */
export const TRENDING_TEXT = {
  title: 'Trending Courses',
  /** The spec's 'Check out most 🔥 courses in the market', the flame drawn (TrendingSection): machines
   * without an emoji font draw the character as an empty box. */
  tagline: { before: 'Check out most', flame: 'popular', after: 'courses in the market' },
  discoverMore: 'Discover More Courses',
  loading: 'Loading courses...',
} as const;

/** The Trending grid: 1 column on small screens, 2 from sm, 4 from lg (spec section 9). */
export const TRENDING_GRID_CLASS_NAME = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4';

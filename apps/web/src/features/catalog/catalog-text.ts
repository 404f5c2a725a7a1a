/** Placeholder wording until the catalogue issue builds the course list and detail pages. */
export const CATALOG_TEXT = {
  coursesTitle: 'Courses',
  courseTitle: 'Course details',
  comingWithCatalogue: 'The course catalogue arrives with the catalogue issue.',
} as const;

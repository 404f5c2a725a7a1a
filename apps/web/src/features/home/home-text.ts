/** Landing page wording (spec section 1). The full landing page arrives with the landing-page issue. */
export const HOME_TEXT = {
  brand: 'Lectio',
  logIn: 'Log in',
  headline: 'Start learning from best institutions',
  intro: 'Courses from experienced instructors, at your own pace.',
} as const;

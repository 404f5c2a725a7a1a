/**
 * Wording of My courses and the lecture player that the contracts leave to the web app: headings, labels
 * and control names. Texts the spec fixes (states and errors) come from LECTURE_MESSAGES, COURSE_MESSAGES
 * and MY_COURSES_MESSAGES.
 */
export const LEARNING_TEXT = {
  myCourses: 'My Courses',
  loadingMyCourses: 'Loading your courses...',
  browseCourses: 'Browse courses',
  loadingCourse: 'Loading course...',
  lectures: 'Lectures',
  lectureList: 'Course lectures',
  courseProgress: 'Course progress',
  progressValue: (percent: number) => `${percent}% complete`,
  locked: 'Locked',
  completed: 'Completed',
  current: 'Now playing',
  lectureNumber: (position: number) => `${position}.`,
  sectionDone: (done: number, total: number) => `${done} of ${total} done`,
  videoLabel: (title: string) => `Lecture video: ${title}`,
  backToCourse: 'Course details',
  lectureOf: (position: number, total: number) => `Lecture ${position} of ${total}`,
  lessonNavigation: 'Previous and next lecture',
  resources: 'Resources',
  resourceFile: (fileName: string, size: string) => `${fileName}, ${size}`,
  previous: 'Previous',
  next: 'Next',
  loadingArticle: 'Loading the article...',
  articleLoadFailed: 'The article could not be loaded.',
  markAsRead: 'Mark as read',
  markingAsRead: 'Marking as read...',
  markedRead: 'Read',
} as const;

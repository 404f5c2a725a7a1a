/**
 * Wording of the notes panel in the lecture player (issue 28 item 3, decision 0087). What the server says
 * (saved, deleted, refusals) comes from the contracts' NOTE_MESSAGES.
 */
export const NOTES_TEXT = {
  title: 'Notes',
  privacy: 'Only you can see your notes.',
  newNote: 'New note',
  addAt: (time: string) => `Add note at ${time}`,
  add: 'Add note',
  adding: 'Adding...',
  thisLesson: (count: number) => `This lesson (${count})`,
  wholeCourse: (count: number) => `Whole course (${count})`,
  views: 'Which notes to show',
  noneHere: 'No notes on this lesson yet.',
  noneInCourse: 'No notes in this course yet.',
  loading: 'Loading your notes...',
  loadFailed: 'Your notes could not be loaded.',
  seekTo: (time: string) => `Go to ${time} in the video`,
  openAt: (lesson: string, time: string) => `Open ${lesson} at ${time}`,
  openLesson: (lesson: string) => `Open ${lesson}`,
  edit: 'Edit',
  editNote: 'Edit note',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteConfirm: 'Delete this note?',
  export: 'Export as Markdown',
} as const;

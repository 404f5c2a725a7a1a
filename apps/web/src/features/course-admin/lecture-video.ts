/**
 * Putting a video on a lecture (spec section 4, "Lecture video upload"): signature, direct upload with
 * progress, then the lecture is patched with the storage key and the duration read from the file.
 */
import { updateLecture } from './course-admin-api';
import { type ProgressListener, readVideoDuration, uploadCourseMedia } from './upload';

export async function attachLectureVideo(
  lecture: { _id: string; courseId: string },
  file: File,
  onProgress: ProgressListener,
  fields: { title?: string; description?: string; isPreview?: boolean } = {},
) {
  const [duration, { key }] = await Promise.all([
    readVideoDuration(file),
    uploadCourseMedia({ kind: 'lecture', courseId: lecture.courseId, file }, { onProgress }),
  ]);
  return updateLecture(lecture._id, {
    ...fields,
    public_id: key,
    ...(duration !== null ? { duration: Math.round(duration) } : {}),
  });
}

/** /api/v1/videos/* (lectures): thin handlers over services/lectures. Uploads live in the media handlers. */
import { LECTURE_MESSAGES } from '@lectio/contracts/messages';
import { createLecture } from '../../services/lectures/create-lecture';
import { deleteLecture } from '../../services/lectures/delete-lecture';
import { getLecture, listLectures } from '../../services/lectures/read-lectures';
import { reorderLectures } from '../../services/lectures/reorder-lectures';
import { updateLecture } from '../../services/lectures/update-lecture';
import type { RestHandlers } from '../types';
import { signedIn } from './courses';

export const lectureHandlers: Pick<
  RestHandlers,
  'createLecture' | 'getLecture' | 'listLectures' | 'reorderLectures' | 'updateLecture' | 'deleteLecture'
> = {
  async createLecture({ services, actor, body }) {
    const lecture = await createLecture(services, signedIn(actor), body);
    return { message: LECTURE_MESSAGES.created, data: { lecture } };
  },
  async getLecture({ services, actor, params }) {
    return { data: { lecture: await getLecture(services, actor, params.lectureId) } };
  },
  async listLectures({ services, actor, params }) {
    return { videos: await listLectures(services, actor, params.id) };
  },
  async reorderLectures({ services, actor, params, body }) {
    return { videos: await reorderLectures(services, signedIn(actor), params.courseId, body.lectureIds) };
  },
  async updateLecture({ services, actor, params, body }) {
    const lecture = await updateLecture(services, signedIn(actor), params.lectureId, body);
    return { message: LECTURE_MESSAGES.updated, data: { lecture } };
  },
  async deleteLecture({ services, actor, params }) {
    await deleteLecture(services, signedIn(actor), params.id);
    return { message: LECTURE_MESSAGES.deleted };
  },
};

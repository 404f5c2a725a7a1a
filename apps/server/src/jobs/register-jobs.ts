/**
 * The app's background jobs: their queues, and the job queue's place in the app's life (started when the
 * app is ready, stopped, with its running jobs finished, when it closes, before main.ts closes the
 * database). `app.jobs` is the queue, for tests (`drain()`).
 */
import type { FastifyInstance } from 'fastify';
import { passwordResetJob } from '../services/account/password-reset';
import {
  announcementDeliveryJob,
  resumeStalledDeliveries,
  STALLED_DELIVERY_SWEEP_MS,
} from '../services/announcements/announcements';
import type { ServiceContext } from '../services/context';
import { mailDeliveryJob } from '../services/mail/deliver-mail';
import { transcodeJob } from '../services/video/video-processing';
import type { JobQueue } from './job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export function registerJobs(app: FastifyInstance, services: ServiceContext): void {
  services.jobs.define(mailDeliveryJob(services));
  services.jobs.define(passwordResetJob(services));
  services.jobs.define(announcementDeliveryJob(services));
  services.jobs.define(transcodeJob(services));
  services.jobs.every('announcement delivery sweep', STALLED_DELIVERY_SWEEP_MS, () =>
    resumeStalledDeliveries(services),
  );
  app.decorate('jobs', services.jobs);
  app.addHook('onReady', async () => {
    await services.jobs.start();
  });
  app.addHook('onClose', async () => {
    await services.jobs.stop();
    services.mail.close?.();
  });
}

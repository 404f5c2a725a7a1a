/**
 * Feeds the activity recorder: after each response, if the request resolved a signed-in actor (the
 * access layer did, for its own reasons), one 'request' event. Actors are never resolved just to be
 * recorded, and nothing here runs before the response is sent. Flushes what is left on close.
 */
import type { FastifyInstance } from 'fastify';
import type { ActivityRecorder } from '../services/activity/activity-recorder';
import './request-actor';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's activity recorder (tests flush it explicitly). */
    activity: ActivityRecorder;
  }
}

export function registerActivityTracking(app: FastifyInstance, recorder: ActivityRecorder): void {
  app.decorate('activity', recorder);
  app.addHook('onResponse', (request, _reply, done) => {
    const pending = request.actorPromise;
    if (pending) {
      pending.then(
        (actor) => {
          if (actor) recorder.record({ type: 'request', userId: actor.id, sessionId: actor.sessionId });
        },
        // A suspended or broken session: the request already answered for it.
        () => {},
      );
    }
    done();
  });
  app.addHook('onReady', async () => recorder.start());
  app.addHook('onClose', async () => recorder.close());
}

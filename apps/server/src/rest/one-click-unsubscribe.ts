/**
 * RFC 8058 one-click unsubscribe: a mail client that shows "Unsubscribe" for a course e-mail POSTs
 * `List-Unsubscribe=One-Click` (form-encoded, or multipart) to the List-Unsubscribe address, which is the
 * same `/unsubscribe?token=…` the letter links to. A GET of that address is the web page, which asks
 * before it changes anything (link scanners follow GETs); this POST unsubscribes at once, without a
 * session: the signed token is the authority. The rule is the service's (course-mail.ts); this route
 * only reads the token from the query string. The body is read (small, any type) and not required to
 * say One-Click: the POST itself is the request.
 */
import { COURSE_MAIL_MESSAGES, UNSUBSCRIBE_PATH } from '@lectio/contracts/course-mail';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../services/context';
import { unsubscribeByToken } from '../services/course-mail/course-mail';

const BODY_LIMIT_BYTES = 1024;

export function registerOneClickUnsubscribe(app: FastifyInstance, services: ServiceContext): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_r, body, done) =>
      done(null, body),
    );
    scope.post(UNSUBSCRIBE_PATH, async (request) => {
      const { token } = (request.query ?? {}) as { token?: unknown };
      const data = await unsubscribeByToken(services, typeof token === 'string' ? token : '');
      return { message: COURSE_MAIL_MESSAGES.unsubscribed(data.courseTitle), data };
    });
  });
}

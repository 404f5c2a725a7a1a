/**
 * The OpenAPI document's examples (contracts' `buildOpenApiDocument({ examples })`), one per operation and
 * HTTP-only route. Each domain's hand-written part is `<domain>.examples.ts`: an operation's input, and its
 * answer where no factory gives one. A read's answer is derived: its default answer (defaults.ts, built by
 * the factories) for the example's input, on a sequence started over, so the document is the same on every
 * build. An operation whose input parses from `{}` needs no hand-written example at all.
 * test/openapi-examples.test.ts parses every example with its operation's schemas.
 */
import { listOperations, type Namespace, type OperationPath, type Operations } from '@lectio/contracts/api';
import type { OpenApiExamples } from '@lectio/contracts/openapi';
import type { Operation } from '@lectio/contracts/operation';
import type { z } from 'zod';
import { accountExamples } from './account.examples.js';
import { adminExamples } from './admin.examples.js';
import { announcementExamples, courseMailExamples } from './announcements.examples.js';
import { answerExamples } from './answers.examples.js';
import type { MockCall } from './api-mocks.js';
import { authExamples } from './auth.examples.js';
import { certificatesExamples } from './certificates.examples.js';
import { couponsExamples } from './coupons.examples.js';
import { coursesExamples } from './courses.examples.js';
import { curriculumExamples } from './curriculum.examples.js';
import { defaultAnswers } from './defaults.js';
import { earningsExamples } from './earnings.examples.js';
import { httpRouteExamples } from './http-routes.examples.js';
import { instructorExamples } from './instructor.examples.js';
import { learnerExamples } from './learner.examples.js';
import { lecturesExamples } from './lectures.examples.js';
import { mailExamples } from './mail.examples.js';
import { mediaExamples } from './media.examples.js';
import { metaExamples } from './meta.examples.js';
import { noteExamples } from './notes.examples.js';
import { notificationsExamples } from './notifications.examples.js';
import { paymentExamples } from './payment.examples.js';
import { payoutsExamples } from './payouts.examples.js';
import { platformExamples } from './platform.examples.js';
import { profileExamples } from './profile.examples.js';
import { progressExamples } from './progress.examples.js';
import { questionExamples } from './questions.examples.js';
import { quizExamples } from './quizzes.examples.js';
import { refundsExamples } from './refunds.examples.js';
import { resourceExamples } from './resources.examples.js';
import { reviewsExamples } from './reviews.examples.js';
import { withFreshSequence } from './sequence.js';
import { setupExamples } from './setup.examples.js';
import { sitePagesExamples } from './site-pages.examples.js';
import { teachingExamples } from './teaching.examples.js';
import { videoExamples } from './video.examples.js';

/**
 * An operation's hand-written example: `input` (path parameters, query or JSON body fields together, as a
 * client passes it) when the operation takes one, and `output` (the response body) where no default answer
 * gives it.
 */
export type OperationExample<O extends Operation> = (O['input'] extends z.ZodType
  ? { input: z.input<O['input']> }
  : { input?: never }) & { output?: z.output<O['output']> };

/** A namespace's hand-written examples, by operation name. */
export type NamespaceExamples<N extends Namespace> = {
  [K in keyof Operations[N]]?: Operations[N][K] extends Operation
    ? OperationExample<Operations[N][K]>
    : never;
};

const handWritten: { [N in Namespace]: NamespaceExamples<N> } = {
  meta: metaExamples,
  auth: authExamples,
  courses: coursesExamples,
  lectures: lecturesExamples,
  curriculum: curriculumExamples,
  resources: resourceExamples,
  notes: noteExamples,
  announcements: announcementExamples,
  video: videoExamples,
  courseMail: courseMailExamples,
  questions: questionExamples,
  answers: answerExamples,
  quizzes: quizExamples,
  media: mediaExamples,
  payment: paymentExamples,
  progress: progressExamples,
  reviews: reviewsExamples,
  admin: adminExamples,
  setup: setupExamples,
  profile: profileExamples,
  learner: learnerExamples,
  certificates: certificatesExamples,
  account: accountExamples,
  mail: mailExamples,
  earnings: earningsExamples,
  coupons: couponsExamples,
  payouts: payoutsExamples,
  refunds: refundsExamples,
  platform: platformExamples,
  sitePages: sitePagesExamples,
  instructor: instructorExamples,
  notifications: notificationsExamples,
  teaching: teachingExamples,
};

type AnyExample = { input?: unknown; output?: unknown };
type AnswerFunction = (call: MockCall<OperationPath>) => unknown;

/** The hand-written example of the operation at `path`, if any. */
export function handWrittenExample(path: OperationPath): AnyExample | undefined {
  const [namespace, name] = path.split('.') as [Namespace, string];
  return (handWritten[namespace] as Record<string, AnyExample | undefined>)[name];
}

/**
 * Every operation's example, hand-written or derived; an operation with neither (a mutation without a
 * hand-written answer, an input that needs values) is left out, and the document refuses to build.
 */
export function operationExamples(): OpenApiExamples['operations'] {
  return withFreshSequence(() => {
    const defaults = defaultAnswers() as Partial<Record<OperationPath, unknown>>;
    const examples: OpenApiExamples['operations'] = {};
    for (const { path, operation } of listOperations()) {
      const example = handWrittenExample(path);
      const input = operation.input ? (example?.input ?? {}) : undefined;
      let output = example?.output;
      if (output === undefined) {
        const parsed = operation.input?.safeParse(input);
        if (parsed && !parsed.success) continue;
        const answer = defaults[path];
        output =
          typeof answer === 'function'
            ? (answer as AnswerFunction)({
                input: parsed?.data,
                request: new Request('https://lectio.example.com'),
                transport: 'rest',
              } as MockCall<OperationPath>)
            : answer;
      }
      if (output !== undefined) examples[path] = { ...(input !== undefined ? { input } : {}), output };
    }
    return examples;
  });
}

/** The document's examples: every operation's and every HTTP-only route's. */
export function openApiExamples(): OpenApiExamples {
  return { operations: operationExamples(), httpRoutes: httpRouteExamples };
}

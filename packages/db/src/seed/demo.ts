/**
 * The demo data the server loads into an empty database: four sign-in accounts, ten courses across
 * categories and levels (drafts and published, free and paid), each with a thumbnail drawn now
 * (demo-art.ts), lectures that play committed slide videos (scripts/render-demo-media.ts, decision 0057),
 * a few more learners with purchases spread over recent months so the admin charts have data, and
 * their reviews, from which the courses' ratings are computed.
 * e2e fixtures sign in with DEMO_ACCOUNTS.
 */
import { randomUUID } from 'node:crypto';
import { access, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Category, Level } from '@lectio/contracts/constants';
import type { LessonKind } from '@lectio/contracts/curriculum';
import type { Role } from '@lectio/contracts/permissions';
import { QUIZ_DEFAULTS } from '@lectio/contracts/quizzes';
import { count, eq, max, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { recomputeCourseRating } from '../course-rating';
import { DEFAULT_PLATFORM_FEE_PERCENT, saleLedgerRows, splitSale } from '../revenue-split';
import {
  activityEvents,
  courseSections,
  lectureProgress,
  lectures,
  ledgerEntries,
  lessonResources,
  quizQuestions,
  quizzes,
  reviews,
  users,
} from '../schema/index';
import { thumbnailPng } from './demo-art';
import { DEMO_ARTICLES } from './demo-articles';
import { handoutPdf } from './demo-handout';
import { DEMO_QUIZZES, type DemoQuiz } from './demo-quizzes';
import { DEMO_VIDEO_SECONDS } from './demo-videos';
import { createCourse, createEnrollment, createLecture, createPurchase, createUser } from './factories';

export const DEMO_PASSWORD = 'password123';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@example.com', name: 'Admin User', role: 'admin' },
  instructor: { email: 'instructor@example.com', name: 'Priya Sharma', role: 'instructor' },
  instructor2: { email: 'instructor2@example.com', name: 'Arjun Mehta', role: 'instructor' },
  student: { email: 'student@example.com', name: 'Demo Student', role: 'student' },
} as const satisfies Record<string, { email: string; name: string; role: Role }>;

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

/** The committed lecture videos (rendered by scripts/render-demo-media.ts), copied into the media directory. */
export const DEMO_MEDIA_SOURCE_DIR = fileURLToPath(new URL('./media', import.meta.url));

export const demoVideoKey = (file: string) => `demo/videos/${file}`;
export const demoThumbnailKey = (slug: string) => `demo/thumbnails/${slug}.png`;
/** Each demo course's handout, a resource of its first lesson (demo-handout.ts). */
export const demoHandoutKey = (slug: string) => `demo/handouts/${slug}.pdf`;

type Instructor = 'instructor' | 'instructor2';

/** A lecture's slide content: its title and the points its video lists. */
export interface DemoLecture {
  title: string;
  points: string[];
}

export interface DemoCourse {
  /** Names the course's media files (thumbnail and lecture videos). */
  slug: string;
  title: string;
  shortDescription: string;
  description: string;
  category: Category;
  level: Level;
  /** Whole rupees; stored ×100 as minor units. */
  priceRupees: number;
  published: boolean;
  instructor: Instructor;
  requirements: string[];
  whatYouWillLearn: string[];
  tags: string;
  /** After the preview lecture "Intro: ...", which lists what the course teaches. */
  lectures: DemoLecture[];
}

export const DEMO_COURSES: readonly DemoCourse[] = [
  {
    title: 'Modern React from Scratch',
    slug: 'react-from-scratch',
    shortDescription: 'Build fast, accessible interfaces with React 19, hooks and TypeScript.',
    description:
      'Start from an empty folder and finish with a complete single-page application. You will learn how React renders, how to split a screen into components, how to manage state with hooks, and how to fetch and cache server data without tangling your components.',
    category: 'Web Development',
    level: 'Beginner',
    priceRupees: 1299,
    published: true,
    instructor: 'instructor',
    requirements: ['Basic HTML and CSS', 'Some JavaScript experience', 'Node.js 20 installed'],
    whatYouWillLearn: [
      'Think in components and props',
      'Manage state with useState, useReducer and context',
      'Fetch and cache data with TanStack Query',
      'Write accessible forms',
    ],
    tags: 'react, javascript, frontend, hooks',
    lectures: [
      {
        title: 'Components and JSX',
        points: [
          'A component is a function that returns JSX',
          'Props flow down; keep components small',
          'Lists need a stable key for each item',
        ],
      },
      {
        title: 'State and events',
        points: [
          'useState holds what changes over time',
          'Event handlers update state, React re-renders',
          'Lift state up to share it between siblings',
        ],
      },
      {
        title: 'Effects and data fetching',
        points: [
          'Effects sync a component with the outside world',
          'Clean up subscriptions and timers',
          'Let TanStack Query cache server data',
        ],
      },
      {
        title: 'Forms that work',
        points: [
          'Label every field and describe its errors',
          'Validate on submit, then as the user fixes',
          'Keep the button usable while saving',
        ],
      },
    ],
  },
  {
    title: 'TypeScript for JavaScript Developers',
    slug: 'typescript-for-js',
    shortDescription: 'Add types to real projects without slowing down.',
    description:
      'A practical tour of the TypeScript type system for people who already write JavaScript: inference, narrowing, generics, discriminated unions and how to type the libraries you use every day.',
    category: 'Web Development',
    level: 'Intermediate',
    priceRupees: 999,
    published: true,
    instructor: 'instructor',
    requirements: ['Comfortable with modern JavaScript (ES2020+)'],
    whatYouWillLearn: [
      'Let inference do most of the work',
      'Model data with unions and narrowing',
      'Write reusable generic functions',
      'Configure strict mode in an existing project',
    ],
    tags: 'typescript, javascript, types',
    lectures: [
      {
        title: 'Types you get for free',
        points: [
          'Inference types most variables for you',
          'Annotate function parameters and exports',
          'Turn on strict mode from day one',
        ],
      },
      {
        title: 'Unions and narrowing',
        points: [
          'A union lists the shapes a value can take',
          'typeof, in and tags narrow the union',
          'A never check catches the case you forgot',
        ],
      },
      {
        title: 'Generics in practice',
        points: [
          'Generics keep the link between input and output',
          'Constrain type parameters with extends',
          'Prefer inference over explicit type arguments',
        ],
      },
    ],
  },
  {
    title: 'Node.js APIs with Fastify and PostgreSQL',
    slug: 'node-fastify-postgres',
    shortDescription: 'Design, build and test a production-ready REST API.',
    description:
      'We build a course-booking API end to end: routing and validation with Fastify, a PostgreSQL schema with migrations, authentication with short-lived tokens, integration tests on a real database, and the checks you want before going live.',
    category: 'Backend Development',
    level: 'Intermediate',
    priceRupees: 1999,
    published: true,
    instructor: 'instructor',
    requirements: ['JavaScript or TypeScript basics', 'Some SQL helps but is not required'],
    whatYouWillLearn: [
      'Structure a Fastify application with plugins',
      'Design tables, indexes and migrations',
      'Handle authentication and authorization',
      'Test an API against a real database',
    ],
    tags: 'node, fastify, postgresql, api',
    lectures: [
      {
        title: 'Routes and validation',
        points: [
          'Declare each route with a schema',
          'Reject bad input before the handler runs',
          'Answer errors in one consistent shape',
        ],
      },
      {
        title: 'Schema and migrations',
        points: [
          'Model tables, keys and constraints first',
          'Every change is a committed migration',
          'Add the index your queries need',
        ],
      },
      {
        title: 'Auth and sessions',
        points: [
          'Hash passwords with a slow function',
          'Short-lived access tokens, rotating refresh',
          'Check ownership in the service, not the route',
        ],
      },
      {
        title: 'Testing the API',
        points: [
          'Boot the app without listening on a port',
          'A fresh database for every test file',
          'Test the unauthorized paths as well',
        ],
      },
    ],
  },
  {
    title: 'Python for Data Analysis',
    slug: 'python-data-analysis',
    shortDescription: 'Clean, explore and chart real datasets with pandas.',
    description:
      'A free introduction to data analysis in Python. Load CSV files, clean messy columns, group and aggregate, and turn the results into clear charts, all in notebooks you can reuse at work.',
    category: 'Data Science',
    level: 'Beginner',
    priceRupees: 0,
    published: true,
    instructor: 'instructor2',
    requirements: ['No programming experience needed'],
    whatYouWillLearn: [
      'Python basics for analysis',
      'pandas DataFrames',
      'Grouping and aggregation',
      'Charts with matplotlib',
    ],
    tags: 'python, pandas, data, free',
    lectures: [
      {
        title: 'Loading data',
        points: [
          'read_csv with explicit types and dates',
          'Look at head, info and describe first',
          'Keep the raw file untouched',
        ],
      },
      {
        title: 'Cleaning columns',
        points: [
          'Rename columns to short snake_case names',
          'Handle missing values on purpose',
          'Fix types before you compute anything',
        ],
      },
      {
        title: 'Grouping and charts',
        points: [
          'groupby, then aggregate with agg',
          'Sort and keep the top rows',
          'One clear chart per question',
        ],
      },
    ],
  },
  {
    title: 'Machine Learning Foundations',
    slug: 'machine-learning-foundations',
    shortDescription: 'The maths and the code behind the models you use.',
    description:
      'Linear models, decision trees, gradient boosting and neural networks, each built from first principles and then with scikit-learn and PyTorch. You will learn how to evaluate models honestly and avoid the classic leaks.',
    category: 'Machine Learning',
    level: 'Advanced',
    priceRupees: 2999,
    published: true,
    instructor: 'instructor2',
    requirements: ['Python and NumPy', 'Linear algebra and probability basics'],
    whatYouWillLearn: [
      'Train and evaluate linear and tree models',
      'Understand gradient descent',
      'Build a small neural network',
      'Validate models without data leakage',
    ],
    tags: 'machine learning, python, scikit-learn, pytorch',
    lectures: [
      {
        title: 'Linear models',
        points: [
          'Fit a line by minimising squared error',
          'Regularisation keeps weights small',
          'Scale features before fitting',
        ],
      },
      {
        title: 'Trees and ensembles',
        points: [
          'A tree splits data on one feature at a time',
          'Random forests average many deep trees',
          'Boosting adds small trees that fix errors',
        ],
      },
      {
        title: 'Neural networks',
        points: [
          'Layers of weights and non-linearities',
          'Backpropagation computes the gradients',
          'Start small and watch the loss curve',
        ],
      },
      {
        title: 'Evaluating models',
        points: [
          'Hold out a test set you never tune on',
          'Cross-validate to compare models',
          'Look for leaks between train and test',
        ],
      },
    ],
  },
  {
    title: 'Docker and Kubernetes in Practice',
    slug: 'docker-kubernetes',
    shortDescription: 'Ship containers to a cluster with confidence.',
    description:
      'From a first Dockerfile to a rolling deployment on Kubernetes: images, volumes, networking, health checks, config and secrets, and the debugging habits that save an evening.',
    category: 'DevOps',
    level: 'Advanced',
    priceRupees: 2499,
    published: true,
    instructor: 'instructor',
    requirements: ['Linux command line', 'Experience deploying a web application'],
    whatYouWillLearn: [
      'Write small, secure images',
      'Run multi-service apps locally',
      'Deploy and roll back on Kubernetes',
    ],
    tags: 'docker, kubernetes, devops, containers',
    lectures: [
      {
        title: 'Images and containers',
        points: [
          'An image is layers; a container runs one',
          'Multi-stage builds keep images small',
          'Run as a non-root user',
        ],
      },
      {
        title: 'Compose for local development',
        points: [
          'One file describes every service',
          'Named volumes keep data between runs',
          'Health checks order the start-up',
        ],
      },
      {
        title: 'Deployments and services',
        points: [
          'A Deployment keeps N replicas running',
          'A Service gives them one stable address',
          'Roll out gradually and roll back fast',
        ],
      },
    ],
  },
  {
    title: 'UI Design Fundamentals with Figma',
    slug: 'ui-design-figma',
    shortDescription: 'Layout, type and colour for people who build products.',
    description:
      'Learn the design principles behind clean interfaces and apply them in Figma: grids, spacing, typography, colour, components and handing a design over to developers.',
    category: 'Design',
    level: 'Beginner',
    priceRupees: 499,
    published: true,
    instructor: 'instructor2',
    requirements: ['A free Figma account'],
    whatYouWillLearn: ['Use grids and spacing scales', 'Pick readable type', 'Build reusable components'],
    tags: 'design, figma, ui, ux',
    lectures: [
      {
        title: 'Grids and spacing',
        points: [
          'Pick a spacing scale and stick to it',
          'Align to a column grid',
          'Group related items with space, not lines',
        ],
      },
      {
        title: 'Typography',
        points: [
          'Two typefaces at most',
          'A type scale with clear steps',
          'Line length of 50 to 75 characters',
        ],
      },
      {
        title: 'Colour and contrast',
        points: [
          'One primary colour and neutrals',
          'Check contrast of text against WCAG AA',
          'Never rely on colour alone',
        ],
      },
      {
        title: 'Components',
        points: [
          'Build buttons, inputs and cards once',
          'Variants for size and state',
          'Document how and when to use each',
        ],
      },
    ],
  },
  {
    title: 'Web Security Essentials',
    slug: 'web-security-essentials',
    shortDescription: 'Find and fix the most common web vulnerabilities.',
    description:
      'A free, hands-on look at the OWASP Top 10: injection, broken authentication, XSS, CSRF and insecure defaults, with the fixes that actually hold up in production code.',
    category: 'Cybersecurity',
    level: 'Intermediate',
    priceRupees: 0,
    published: true,
    instructor: 'instructor',
    requirements: ['You have built a small web application'],
    whatYouWillLearn: ['Spot injection and XSS', 'Store passwords properly', 'Set safe cookies and headers'],
    tags: 'security, owasp, web, free',
    lectures: [
      {
        title: 'Injection',
        points: [
          'Never build queries from strings',
          'Use parameters or a query builder',
          'Validate input at the boundary',
        ],
      },
      {
        title: 'Cross-site scripting',
        points: [
          'Escape output for its context',
          'Let the framework render text',
          'Add a Content Security Policy',
        ],
      },
      {
        title: 'Sessions and cookies',
        points: [
          'HttpOnly, Secure and SameSite cookies',
          'Rotate the session on sign-in',
          'Expire sessions that sit idle',
        ],
      },
    ],
  },
  {
    title: 'Flutter: Build Your First Mobile App',
    slug: 'flutter-first-app',
    shortDescription: 'One codebase for Android and iOS.',
    description:
      'Build and publish a habit-tracker app with Flutter and Dart: widgets, navigation, state, local storage and the store release checklist.',
    category: 'Mobile Development',
    level: 'Intermediate',
    priceRupees: 1499,
    published: false,
    instructor: 'instructor2',
    requirements: ['Any programming language', 'Android Studio or Xcode'],
    whatYouWillLearn: [
      'Compose screens from widgets',
      'Navigate between screens',
      'Persist data on the device',
    ],
    tags: 'flutter, dart, mobile',
    lectures: [
      {
        title: 'Widgets',
        points: [
          'Everything on screen is a widget',
          'Stateless for display, stateful for change',
          'Compose small widgets into screens',
        ],
      },
    ],
  },
  {
    title: 'Digital Marketing Playbook',
    slug: 'digital-marketing-playbook',
    shortDescription: 'Plan, run and measure campaigns on a small budget.',
    description:
      'Positioning, content, search, email and paid social for small teams, with a simple way to measure what works. This course is still being written.',
    category: 'Marketing',
    level: 'Beginner',
    priceRupees: 799,
    published: false,
    instructor: 'instructor',
    requirements: [],
    whatYouWillLearn: ['Write a one-page marketing plan', 'Measure campaigns with UTM links'],
    tags: 'marketing, seo, email',
    lectures: [],
  },
];

/** A demo lecture as the seed creates it: the intro first (what the course teaches), then the course's own. */
export interface DemoLectureVideo extends DemoLecture {
  /** 1-based. */
  position: number;
  /** The committed video file in DEMO_MEDIA_SOURCE_DIR. */
  file: string;
  /** The title of the section it is in (DEMO_SECTION_TITLES). */
  section: string;
}

/**
 * The demo courses' sections: the intro (and the first lesson when one follows before the last), the
 * lessons in between, the last lesson: three sections for four or more lectures in all, else two.
 */
export const DEMO_SECTION_TITLES = ['Getting started', 'Core ideas', 'In practice'] as const;

function demoSectionOf(index: number, total: number): string {
  const at = index === 0 ? 0 : index === total - 1 ? 2 : index === 1 ? 0 : 1;
  return DEMO_SECTION_TITLES[at] as string;
}

export function demoLecturesOf(course: DemoCourse): DemoLectureVideo[] {
  if (course.lectures.length === 0) return [];
  const intro = { title: `Intro: Welcome to ${course.title}`, points: course.whatYouWillLearn.slice(0, 4) };
  const all = [intro, ...course.lectures];
  return all.map((lecture, index) => ({
    ...lecture,
    position: index + 1,
    file: `${course.slug}-${index + 1}.mp4`,
    section: demoSectionOf(index, all.length),
  }));
}

/** A demo course's lesson in curriculum order: its videos (demoLecturesOf), then its article (demo-articles.ts). */
export interface DemoLesson {
  position: number;
  title: string;
  section: string;
  kind: LessonKind;
}

/**
 * Every lesson of a demo course as the seed creates it: the videos, then the article and the quiz in the
 * last section.
 */
export function demoLessonsOf(course: DemoCourse): DemoLesson[] {
  const videos = demoLecturesOf(course);
  const last = videos.at(-1);
  const article = DEMO_ARTICLES[course.slug];
  const quiz = DEMO_QUIZZES[course.slug];
  const ending = [
    ...(article ? [{ title: article.title, kind: 'article' as const }] : []),
    ...(quiz ? [{ title: quiz.title, kind: 'quiz' as const }] : []),
  ];
  return [
    ...videos.map(({ position, title, section }) => ({ position, title, section, kind: 'video' as const })),
    ...(last
      ? ending.map(({ title, kind }, index) => ({
          position: videos.length + 1 + index,
          title,
          section: last.section,
          kind,
        }))
      : []),
  ];
}

/** A demo video's length in whole seconds, as scripts/render-demo-media.ts measured it with ffprobe. */
export function demoVideoSeconds(file: string): number {
  const seconds = DEMO_VIDEO_SECONDS[file];
  if (seconds === undefined)
    throw new Error(`${file} is not in demo-videos.ts: run pnpm --filter @lectio/db render:demo-media`);
  return seconds;
}

/** Every storage key the demo data refers to. */
export const DEMO_MEDIA_KEYS: readonly string[] = [
  ...DEMO_COURSES.flatMap((course) => demoLecturesOf(course).map((lecture) => demoVideoKey(lecture.file))),
  ...DEMO_COURSES.map((course) => demoThumbnailKey(course.slug)),
  ...DEMO_COURSES.map((course) => demoHandoutKey(course.slug)),
];

/** The bytes stored under a demo key: a committed video, or a thumbnail or handout rendered now. */
export async function demoMediaBytes(key: string): Promise<Buffer> {
  const course = DEMO_COURSES.find((candidate) => demoThumbnailKey(candidate.slug) === key);
  if (course) return thumbnailPng(course);
  const handout = DEMO_COURSES.find((candidate) => demoHandoutKey(candidate.slug) === key);
  if (handout) return handoutPdf(handout);
  if (!DEMO_MEDIA_KEYS.includes(key)) throw new Error(`${key} is not a demo media key`);
  return readFile(path.join(DEMO_MEDIA_SOURCE_DIR, path.basename(key)));
}

/** What the learners say about the courses they bought (stars and text), picked in turn. */
const DEMO_REVIEWS: { rating: number; body: string | null }[] = [
  { rating: 5, body: 'Clear, well paced and practical. I used what I learnt at work the week after.' },
  { rating: 4, body: 'Good explanations and useful exercises. A couple of videos could be shorter.' },
  { rating: 5, body: null },
  { rating: 3, body: 'Solid basics, but I expected more depth in the later lectures.' },
  { rating: 5, body: 'The best course on the topic I have taken so far.' },
  { rating: 4, body: null },
  { rating: 2, body: 'Too fast for a beginner; I had to look a lot up elsewhere.' },
  { rating: 4, body: 'Worth it for the worked examples alone.' },
];

/** Extra learners so the admin dashboard's charts, top courses and transactions aren't empty. */
const DEMO_LEARNERS = [
  { name: 'Ananya Iyer', signedUpDaysAgo: 1 },
  { name: 'Rahul Verma', signedUpDaysAgo: 2 },
  { name: 'Sneha Kapoor', signedUpDaysAgo: 3 },
  { name: 'Vikram Nair', signedUpDaysAgo: 5 },
  { name: 'Meera Joshi', signedUpDaysAgo: 40 },
  { name: 'Karan Singh', signedUpDaysAgo: 80 },
  { name: 'Divya Rao', signedUpDaysAgo: 120 },
  { name: 'Farhan Ali', signedUpDaysAgo: 170 },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Copies the demo videos and renders the thumbnails into `mediaDir` under their storage keys; existing files are kept. */
export async function copyDemoMedia(mediaDir: string): Promise<void> {
  await Promise.all(
    DEMO_MEDIA_KEYS.map(async (key) => {
      const target = path.join(mediaDir, ...key.split('/'));
      if (await exists(target)) return;
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await writeFile(target, await demoMediaBytes(key), { flag: 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }),
  );
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

export interface SeedDemoOptions {
  /** Root of the local storage driver; the demo media is copied here. */
  mediaDir: string;
  /** Time the seed treats as now (backdated rows are relative to it); for deterministic tests. */
  now?: Date;
}

/**
 * Seeds the demo data when the users table is empty; otherwise leaves the database alone.
 * The media files are copied either way (missing ones only), so a fresh media directory next to an
 * already seeded database still plays.
 */
export async function seedDemo(db: Database, options: SeedDemoOptions): Promise<{ seeded: boolean }> {
  await copyDemoMedia(options.mediaDir);
  const now = options.now?.getTime() ?? Date.now();
  const daysAgo = (days: number) => new Date(now - days * DAY_MS);

  return db.transaction(async (tx) => {
    // Instances started together on an empty database take turns: the second waits here, then finds the
    // accounts the first created instead of failing on their e-mail addresses.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lectio:demo-seed'))`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return { seeded: false };

    const accounts = {} as Record<DemoAccount, { id: string }>;
    for (const [key, account] of Object.entries(DEMO_ACCOUNTS) as [
      DemoAccount,
      (typeof DEMO_ACCOUNTS)[DemoAccount],
    ][]) {
      accounts[key] = await createUser(tx, {
        email: account.email,
        name: account.name,
        role: account.role,
        password: DEMO_PASSWORD,
        createdAt: daysAgo(key === 'student' ? 30 : 365),
        // The demo accounts count as verified: no e-mail reached them, and none is needed to try Lectio.
        emailVerifiedAt: daysAgo(key === 'student' ? 30 : 365),
      });
    }

    const createdCourses: {
      id: string;
      instructorId: string;
      published: boolean;
      paid: boolean;
      category: Category;
      firstLecture: { id: string; durationSeconds: number } | null;
    }[] = [];
    for (const [index, spec] of DEMO_COURSES.entries()) {
      // The first course in the list is the newest, so the catalogue (newest first) opens on it.
      const createdAt = daysAgo(200 + index * 5);
      const course = await createCourse(tx, {
        title: spec.title,
        shortDescription: spec.shortDescription,
        description: spec.description,
        category: spec.category,
        level: spec.level,
        priceMinor: spec.priceRupees * 100,
        isPublished: spec.published,
        status: spec.published ? 'published' : 'draft',
        instructorId: accounts[spec.instructor].id,
        thumbnailKey: demoThumbnailKey(spec.slug),
        requirements: spec.requirements,
        whatYouWillLearn: spec.whatYouWillLearn,
        tags: spec.tags,
        createdAt,
        updatedAt: createdAt,
      });
      let firstLecture: { id: string; durationSeconds: number } | null = null;
      const sections = new Map<string, string>();
      for (const video of demoLecturesOf(spec)) {
        let sectionId = sections.get(video.section);
        if (!sectionId) {
          const [section] = await tx
            .insert(courseSections)
            .values({
              courseId: course.id,
              title: video.section,
              position: sections.size + 1,
              createdAt,
              updatedAt: createdAt,
            })
            .returning({ id: courseSections.id });
          if (!section) throw new Error('seedDemo: section insert returned no row');
          sectionId = section.id;
          sections.set(video.section, sectionId);
        }
        const lecture = await createLecture(tx, {
          courseId: course.id,
          sectionId,
          title: video.title,
          description:
            video.position === 1
              ? `What ${spec.title} covers, who it is for and how to get the most out of it.`
              : `${video.title}: ${video.points.join('; ').toLowerCase()}.`,
          position: video.position,
          isPreview: video.position === 1,
          videoKey: demoVideoKey(video.file),
          durationSeconds: demoVideoSeconds(video.file),
          createdAt,
          updatedAt: createdAt,
        });
        firstLecture ??= lecture;
      }
      const article = DEMO_ARTICLES[spec.slug];
      const lesson = demoLessonsOf(spec).find((candidate) => candidate.kind === 'article');
      const sectionId = lesson && sections.get(lesson.section);
      if (article && lesson && sectionId) {
        // The course's article, its last lesson: a recap to read after the videos.
        await createLecture(tx, {
          courseId: course.id,
          sectionId,
          kind: 'article',
          title: article.title,
          description: '',
          body: article.markdown,
          position: lesson.position,
          isPreview: false,
          createdAt,
          updatedAt: createdAt,
        });
      }
      const quiz = DEMO_QUIZZES[spec.slug];
      const lastSection = [...sections.values()].at(-1);
      if (quiz && lastSection) await seedDemoQuiz(tx, course.id, lastSection, quiz, createdAt);
      if (firstLecture) {
        // The course's handout, on its first lesson (a free preview).
        const key = demoHandoutKey(spec.slug);
        await tx.insert(lessonResources).values({
          lectureId: firstLecture.id,
          title: 'Course handout',
          fileName: `${spec.slug}-handout.pdf`,
          storageKey: key,
          contentType: 'application/pdf',
          sizeBytes: (await stat(path.join(options.mediaDir, ...key.split('/')))).size,
          createdAt,
          updatedAt: createdAt,
        });
      }
      createdCourses.push({
        id: course.id,
        instructorId: course.instructorId,
        published: spec.published,
        paid: spec.priceRupees > 0,
        category: spec.category,
        firstLecture,
      });
    }

    const published = createdCourses.filter((course) => course.published);
    const paid = published.filter((course) => course.paid);
    const free = published.filter((course) => !course.paid);

    // The demo student owns one paid course (bought in test mode) and one free course.
    const student = accounts.student.id;
    await demoPurchase(tx, {
      userId: student,
      course: paid[0]!,
      createdAt: daysAgo(10),
      providerPaymentId: 'demo_pi_student_1',
    });
    await createEnrollment(tx, {
      userId: student,
      courseId: free[0]!.id,
      source: 'free',
      createdAt: daysAgo(8),
    });

    // Learners: sign-ups in the last week and over the last six months, each buying after signing up.
    for (const [index, { name, signedUpDaysAgo }] of DEMO_LEARNERS.entries()) {
      const learner = await createUser(tx, {
        name,
        email: `learner${index + 1}@example.com`,
        password: DEMO_PASSWORD,
        createdAt: daysAgo(signedUpDaysAgo),
        emailVerifiedAt: daysAgo(signedUpDaysAgo),
      });
      const purchases = 1 + (index % 3);
      for (let k = 0; k < purchases; k++) {
        const course = paid[(index + k * 2) % paid.length]!;
        const boughtDaysAgo = signedUpDaysAgo * (1 - (k + 1) / (purchases + 1));
        await demoPurchase(tx, {
          userId: learner.id,
          course,
          createdAt: daysAgo(boughtDaysAgo),
          providerPaymentId: `demo_pi_learner_${index + 1}_${k + 1}`,
        });
        // Most learners watched the intro and left a review (the course ratings come from these).
        const review = DEMO_REVIEWS[(index * 3 + k) % DEMO_REVIEWS.length]!;
        if ((index + k) % 4 === 3 || !course.firstLecture) continue;
        const watchedAt = daysAgo(boughtDaysAgo / 2);
        await tx.insert(lectureProgress).values({
          userId: learner.id,
          lectureId: course.firstLecture.id,
          courseId: course.id,
          watchedSeconds: course.firstLecture.durationSeconds,
          updatedAt: watchedAt,
        });
        await tx.insert(reviews).values({
          courseId: course.id,
          userId: learner.id,
          rating: review.rating,
          body: review.body,
          createdAt: watchedAt,
          updatedAt: watchedAt,
        });
      }
      await tx.insert(activityEvents).values(
        published.slice(0, 3 + (index % 4)).map((course, k) => ({
          userId: learner.id,
          type: 'course_view',
          courseId: course.id,
          category: course.category,
          createdAt: daysAgo((index + k) % Math.min(7, signedUpDaysAgo)),
        })),
      );
    }

    // The courses' rating and rating count, from their reviews (packages/db/src/course-rating.ts).
    for (const course of published) await recomputeCourseRating(tx, course.id);

    return { seeded: true };
  });
}

/**
 * A purchase as the app records one in test mode: the succeeded payment, the enrollment and the sale's
 * ledger group (no provider fee, the default commission), so the demo's earnings and revenue figures agree
 * with its payments.
 */
/** The course's quiz, last in its last section, with one question of each type (demo-quizzes.ts). */
async function seedDemoQuiz(
  tx: Database,
  courseId: string,
  sectionId: string,
  quiz: DemoQuiz,
  createdAt: Date,
) {
  const [last] = await tx
    .select({ position: max(lectures.position) })
    .from(lectures)
    .where(eq(lectures.courseId, courseId));
  const lecture = await createLecture(tx, {
    courseId,
    sectionId,
    kind: 'quiz',
    title: quiz.title,
    description: 'Check what you learned: one question of each kind, graded as you submit.',
    position: (last?.position ?? 0) + 1,
    createdAt,
    updatedAt: createdAt,
  });
  await tx
    .insert(quizzes)
    .values({ lectureId: lecture.id, ...QUIZ_DEFAULTS, createdAt, updatedAt: createdAt });
  const option = (text: string, isCorrect: boolean) => ({ id: randomUUID(), text, isCorrect });
  const [right, ...wrong] = quiz.single.options;
  const base = { lectureId: lecture.id, createdAt, updatedAt: createdAt };
  await tx.insert(quizQuestions).values([
    {
      ...base,
      position: 1,
      type: 'single',
      prompt: quiz.single.prompt,
      explanation: quiz.single.explanation,
      // The right answer is not always first.
      options: [
        option(wrong[0] ?? '', false),
        option(right, true),
        ...wrong.slice(1).map((text) => option(text, false)),
      ],
    },
    {
      ...base,
      position: 2,
      type: 'multiple',
      prompt: quiz.multiple.prompt,
      explanation: quiz.multiple.explanation,
      options: [
        ...quiz.multiple.wrong.slice(0, 1),
        ...quiz.multiple.right,
        ...quiz.multiple.wrong.slice(1),
      ].map((text) => option(text, quiz.multiple.right.includes(text))),
    },
    {
      ...base,
      position: 3,
      type: 'true_false',
      prompt: quiz.trueFalse.prompt,
      explanation: quiz.trueFalse.explanation,
      correctAnswer: quiz.trueFalse.answer,
    },
    {
      ...base,
      position: 4,
      type: 'short_answer',
      prompt: quiz.shortAnswer.prompt,
      explanation: quiz.shortAnswer.explanation,
      acceptedAnswers: quiz.shortAnswer.accepted,
    },
  ]);
}

async function demoPurchase(
  tx: Database,
  input: {
    userId: string;
    course: { id: string; instructorId: string };
    createdAt: Date;
    providerPaymentId: string;
  },
): Promise<void> {
  const { payment } = await createPurchase(tx, {
    userId: input.userId,
    courseId: input.course.id,
    createdAt: input.createdAt,
    payment: { providerPaymentId: input.providerPaymentId },
  });
  if (payment.amountMinor === 0) return;
  await tx.insert(ledgerEntries).values(
    saleLedgerRows({
      entryGroup: randomUUID(),
      paymentId: payment.id,
      courseId: input.course.id,
      instructorId: input.course.instructorId,
      currency: payment.currency,
      createdAt: payment.createdAt,
      split: splitSale(payment.amountMinor, 0, DEFAULT_PLATFORM_FEE_PERCENT),
    }),
  );
}

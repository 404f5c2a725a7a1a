/**
 * The Features page (/features, issue 15 item 4): what the product really does, one section per area.
 * The landing page's 'Product' dropdown and hero link to these sections by id (FeatureSection).
 */
import type { FeatureSection } from '../home/home-text';

export interface FeatureBlock {
  id: FeatureSection;
  title: string;
  intro: string;
  points: readonly string[];
}

export const FEATURES_TEXT = {
  title: 'Features',
  intro:
    'Lectio is a course marketplace you can run yourself: instructors publish video courses, learners buy and watch them, and admins keep an eye on it all.',
  contents: 'On this page',
  howItWorks: {
    id: 'how-it-works',
    title: 'How it works',
    steps: [
      {
        title: 'Find a course',
        text: 'Browse the catalogue by category and level, read the reviews and watch the free preview lectures.',
      },
      {
        title: 'Enroll',
        text: 'Pay once by card (through Stripe) or join a free course: every lecture of the course is yours.',
      },
      {
        title: 'Learn at your pace',
        text: 'Watch when it suits you. Your progress is saved lecture by lecture, and a finished course earns a certificate.',
      },
    ],
  },
  instructors: {
    id: 'instructors',
    title: 'Teach on Lectio',
    intro:
      'Share what you know and earn from it. Create an account, apply to teach from your dashboard, and once an admin approves you, your instructor dashboard is ready.',
    points: [
      'Create courses with a description, requirements, level, category and price (or free).',
      'Upload your lecture videos straight from the browser, reorder them and mark some as free previews.',
      'Offer coupons: a percent or a fixed amount off, with an expiry and a limit.',
      'See your students, revenue, completion and where students stop watching.',
      'Get your share of every sale paid out to your Stripe account.',
    ],
    callToAction: 'Create an account',
    signedInCallToAction: 'Go to your dashboard',
    applyCallToAction: 'Apply to teach',
  },
  blocks: [
    {
      id: 'catalogue',
      title: 'A catalogue worth browsing',
      intro: 'Every published course in one place, easy to narrow down.',
      points: [
        'Filter by category and level, search by title, sort by newest or by rating.',
        'Each course page lists what you will learn, the requirements and every lecture with its length.',
        'Lectures marked as previews play for anyone, before signing up.',
      ],
    },
    {
      id: 'learning',
      title: 'Video lectures with progress',
      intro: 'Pick up exactly where you left off, on any device.',
      points: [
        'Your progress is saved as you watch, lecture by lecture, and shown on every course card.',
        'Finish every lecture of a course and a certificate of completion is issued in your name.',
        'Each certificate has a public address and a QR code, so anyone can check it is genuine.',
      ],
    },
    {
      id: 'engagement',
      title: 'Engagement',
      intro: 'Learners and instructors talk to each other through the courses.',
      points: [
        'Students who bought a course rate it from 1 to 5 stars and write a review.',
        'Instructors reply to reviews; anyone can report a review and admins moderate.',
        'Notifications tell instructors about new students and reviews, and students about replies and refunds.',
      ],
    },
    {
      id: 'analytics',
      title: 'Analytics',
      intro: 'Figures from the real data, not samples.',
      points: [
        'Instructors see their students, revenue, completion, enrollments per week and the lectures where students drop off.',
        'Admins see revenue by month, sign-ups, the most popular courses and categories, and how active users are.',
        'The platform’s earnings and every instructor’s share come from a double-entry ledger.',
      ],
    },
    {
      id: 'security',
      title: 'Security and privacy',
      intro: 'Built to keep accounts and payments safe.',
      points: [
        'Passwords are stored only as salted hashes; sign-in attempts are throttled.',
        'Card details go to Stripe and never reach the server.',
        'Sessions use a short-lived access token and an httpOnly refresh cookie; you can sign out everywhere.',
        'Every operation declares who may call it: students, instructors and admins each see only their part.',
      ],
    },
    {
      id: 'integrations',
      title: 'Integrations',
      intro: 'Works with the services you already use.',
      points: [
        'Stripe for card payments, refunds and instructor payouts (Stripe Connect).',
        'Any S3-compatible storage for videos and images, or the server’s own disk.',
        'Any SMTP server for e-mail.',
        'A REST API with an OpenAPI document and a reference at /api/docs, for your own tools.',
      ],
    },
    {
      id: 'automations',
      title: 'Automations',
      intro: 'The routine work happens on its own.',
      points: [
        'Receipts are e-mailed when a payment succeeds, and can be downloaded as PDF at any time.',
        'Certificates are issued the moment the last lecture is completed.',
        'E-mail that fails to send is retried, and refunds and disputes from Stripe are recorded as they happen.',
      ],
    },
    {
      id: 'self-hosting',
      title: 'Self-hosting',
      intro: 'Your platform, your server, your data.',
      points: [
        'One Node.js server and a PostgreSQL database (or an embedded database to try it out).',
        'A Docker image, and several instances behind a load balancer when you grow.',
        'Accounts, courses and payment records stay on your own server.',
      ],
    },
  ] satisfies readonly FeatureBlock[],
} as const;

/** The sample names and courses the factories pick from, in order of the seeded sequence. */
import type { Category, Level } from '@lectio/contracts/constants';

export const INSTRUCTOR_NAMES = [
  'Priya Sharma',
  'Arjun Mehta',
  'Kavya Nair',
  'Rahul Verma',
  'Sneha Kulkarni',
] as const;
export const STUDENT_NAMES = [
  'Ananya Iyer',
  'Rohan Gupta',
  'Meera Pillai',
  'Aditya Rao',
  'Ishita Banerjee',
  'Karan Malhotra',
] as const;

interface SampleCourse {
  title: string;
  shortDescription: string;
  category: Category;
  level: Level;
  price: number;
  tags: string;
  requirements: string[];
  whatYouWillLearn: string[];
}

export const SAMPLE_COURSES: readonly SampleCourse[] = [
  {
    title: 'Modern React with TypeScript',
    shortDescription: 'Build fast, type-safe single-page apps with React 19, hooks and TanStack Query.',
    category: 'Web Development',
    level: 'Intermediate',
    price: 1999,
    tags: 'react,typescript,frontend',
    requirements: ['Comfortable with JavaScript', 'Basic HTML and CSS'],
    whatYouWillLearn: [
      'Type React components and hooks',
      'Fetch and cache server data',
      'Test components with Vitest',
    ],
  },
  {
    title: 'Node.js REST APIs from Scratch',
    shortDescription: 'Design, build and deploy a production-ready REST API with Node.js and PostgreSQL.',
    category: 'Backend Development',
    level: 'Beginner',
    price: 1499,
    tags: 'node,api,postgres',
    requirements: ['Basic JavaScript'],
    whatYouWillLearn: ['Model resources and routes', 'Validate input with zod', 'Authenticate with JWTs'],
  },
  {
    title: 'Python for Data Analysis',
    shortDescription: 'Clean, explore and visualise real datasets with pandas, NumPy and Matplotlib.',
    category: 'Data Science',
    level: 'Beginner',
    price: 999,
    tags: 'python,pandas,data',
    requirements: ['No prior programming needed'],
    whatYouWillLearn: ['Load and clean CSV data', 'Group, join and aggregate', 'Plot clear charts'],
  },
  {
    title: 'Machine Learning Foundations',
    shortDescription: 'Understand and train the core models: regression, trees, clustering and evaluation.',
    category: 'Machine Learning',
    level: 'Intermediate',
    price: 2499,
    tags: 'ml,scikit-learn,python',
    requirements: ['Python basics', 'School-level algebra'],
    whatYouWillLearn: ['Train and evaluate models', 'Avoid overfitting', 'Ship a model behind an API'],
  },
  {
    title: 'Docker and Kubernetes in Practice',
    shortDescription: 'Containerise services and run them reliably on Kubernetes, from laptop to cloud.',
    category: 'DevOps',
    level: 'Advanced',
    price: 2999,
    tags: 'docker,kubernetes,devops',
    requirements: ['Linux command line', 'Deployed a web app before'],
    whatYouWillLearn: ['Write lean Dockerfiles', 'Deploy with Helm', 'Monitor workloads'],
  },
  {
    title: 'UI Design Essentials with Figma',
    shortDescription: 'Learn layout, typography and colour, and design a complete app in Figma.',
    category: 'Design',
    level: 'Beginner',
    price: 499,
    tags: 'figma,ui,design',
    requirements: ['A free Figma account'],
    whatYouWillLearn: ['Use grids and spacing', 'Build a component library', 'Prototype interactions'],
  },
];

export const LECTURE_TITLES = [
  'Welcome and course overview',
  'Setting up your environment',
  'Core concepts',
  'Building the first feature',
  'Testing and debugging',
  'Deploying and next steps',
] as const;

/** The Markdown of a sample article lesson (decision 0077). */
export const ARTICLE_BODY = `# Reading the project layout

Every workspace package holds one job. The **contracts** declare each call once; the server, the web app
and these mocks derive from them.

- \`apps/server\`: the API
- \`apps/web\`: the screens

Read [the architecture notes](https://example.com/architecture) before you change a package.
`;

/**
 * The demo courses' quizzes (decision 0081): one per course with lessons, at the end of its last section,
 * one question of each type with explanations, on the course's topic. Option and question ids are made
 * at seed time.
 */
export interface DemoQuiz {
  title: string;
  single: { prompt: string; options: [right: string, ...wrong: string[]]; explanation: string };
  multiple: { prompt: string; right: string[]; wrong: string[]; explanation: string };
  trueFalse: { prompt: string; answer: boolean; explanation: string };
  shortAnswer: { prompt: string; accepted: string[]; explanation: string };
}

export const DEMO_QUIZZES: Readonly<Record<string, DemoQuiz>> = {
  'react-from-scratch': {
    title: 'Quiz: React essentials',
    single: {
      prompt: 'Which hook keeps a value between renders and re-renders the component when it changes?',
      options: ['useState', 'useRef', 'useMemo', 'useId'],
      explanation:
        'useState stores state and schedules a re-render when it is set; useRef keeps a value without re-rendering.',
    },
    multiple: {
      prompt: 'Which of these are true of props?',
      right: ['They are passed from parent to child', 'A component should not modify them'],
      wrong: ['They can only hold strings', 'They are global to the app'],
      explanation:
        'Props flow down from the parent and are read-only inside the child; they can hold any value.',
    },
    trueFalse: {
      prompt: 'An effect with an empty dependency array runs after every render.',
      answer: false,
      explanation:
        'With [] the effect runs after the first render only (twice in development with StrictMode).',
    },
    shortAnswer: {
      prompt: 'What attribute must each item of a rendered list carry so React can track it?',
      accepted: ['key', 'a key', 'key prop'],
      explanation: 'A stable `key` lets React match list items between renders.',
    },
  },
  'typescript-for-js': {
    title: 'Quiz: TypeScript types',
    single: {
      prompt: 'Which type accepts any value but must be narrowed before use?',
      options: ['unknown', 'any', 'never', 'void'],
      explanation: '`unknown` is the type-safe top type: you narrow it before using it, unlike `any`.',
    },
    multiple: {
      prompt: 'Which of these narrow a union type?',
      right: ['typeof checks', 'in checks', 'a discriminant property comparison'],
      wrong: ['a type assertion with as'],
      explanation: 'typeof, in and discriminants narrow; `as` only tells the compiler to trust you.',
    },
    trueFalse: {
      prompt: 'TypeScript types are checked again at run time in the browser.',
      answer: false,
      explanation: 'Types are erased when compiling; run-time checks need code such as a schema validator.',
    },
    shortAnswer: {
      prompt: 'Which keyword declares a generic type parameter constraint, as in <T ___ string>?',
      accepted: ['extends'],
      explanation: '`T extends string` limits T to strings and their subtypes.',
    },
  },
  'node-fastify-postgres': {
    title: 'Quiz: Building the API',
    single: {
      prompt: 'Which HTTP status fits a request body that fails validation?',
      options: ['400 Bad Request', '401 Unauthorized', '404 Not Found', '500 Internal Server Error'],
      explanation: 'A malformed or invalid request is the client’s error: 400.',
    },
    multiple: {
      prompt: 'Which practices keep database migrations safe?',
      right: ['Commit each migration file', 'Apply the same migrations in tests and production'],
      wrong: ['Edit an applied migration in place', 'Push the schema directly in production'],
      explanation:
        'Migrations are history: commit them, never rewrite applied ones, and run the same ones everywhere.',
    },
    trueFalse: {
      prompt: 'Passwords should be stored with a slow, salted hash such as argon2.',
      answer: true,
      explanation: 'A slow salted hash makes stolen password tables expensive to crack.',
    },
    shortAnswer: {
      prompt: 'Which SQL keyword groups statements so they all succeed or all fail?',
      accepted: ['transaction', 'BEGIN', 'a transaction'],
      explanation: 'A transaction (BEGIN … COMMIT) makes its statements atomic.',
    },
  },
  'python-data-analysis': {
    title: 'Quiz: pandas basics',
    single: {
      prompt: 'Which pandas function reads a CSV file into a DataFrame?',
      options: ['pd.read_csv', 'pd.load_csv', 'pd.open', 'pd.DataFrame.csv'],
      explanation: '`pd.read_csv` parses a CSV file or URL into a DataFrame.',
    },
    multiple: {
      prompt: 'Which are ways to handle missing values?',
      right: ['dropna()', 'fillna()'],
      wrong: ['groupby()', 'merge()'],
      explanation: 'dropna removes rows or columns with NaN; fillna replaces them.',
    },
    trueFalse: {
      prompt: 'df.groupby("city").mean() computes one row per city.',
      answer: true,
      explanation: 'groupby splits rows by key and the aggregation returns one row per group.',
    },
    shortAnswer: {
      prompt: 'Which DataFrame method shows the first five rows?',
      accepted: ['head', 'head()', 'df.head()'],
      explanation: '`head()` returns the first n rows, five by default.',
    },
  },
  'machine-learning-foundations': {
    title: 'Quiz: Models and evaluation',
    single: {
      prompt: 'Why hold back a test set?',
      options: [
        'To estimate performance on unseen data',
        'To train faster',
        'To get more features',
        'To remove outliers',
      ],
      explanation: 'Data the model never saw gives an honest estimate of how it generalises.',
    },
    multiple: {
      prompt: 'Which are ensemble methods?',
      right: ['Random forest', 'Gradient boosting'],
      wrong: ['Linear regression', 'k-means clustering'],
      explanation: 'Random forests and boosting combine many trees; the others are single models.',
    },
    trueFalse: {
      prompt:
        'A model that scores far better on training data than on validation data is likely overfitting.',
      answer: true,
      explanation: 'A large train/validation gap means the model memorised the training data.',
    },
    shortAnswer: {
      prompt: 'What is the name of the function that adds non-linearity after a neuron, such as ReLU?',
      accepted: ['activation function', 'activation'],
      explanation: 'Activation functions like ReLU let networks model non-linear relationships.',
    },
  },
  'docker-kubernetes': {
    title: 'Quiz: Containers',
    single: {
      prompt: 'Which file describes how to build a container image?',
      options: ['Dockerfile', 'compose.lock', 'image.yaml', 'Containerfile.json'],
      explanation: 'A Dockerfile lists the build steps, layer by layer.',
    },
    multiple: {
      prompt: 'Which make images smaller?',
      right: ['Multi-stage builds', 'A slim base image'],
      wrong: ['Adding build tools to the final stage', 'Copying the whole home directory'],
      explanation: 'Ship only what runs: build in one stage, copy the result onto a slim base.',
    },
    trueFalse: {
      prompt: 'A Kubernetes Deployment keeps the requested number of pod replicas running.',
      answer: true,
      explanation: 'The Deployment’s ReplicaSet replaces pods that fail or are deleted.',
    },
    shortAnswer: {
      prompt: 'Which Kubernetes object gives a stable network address to a set of pods?',
      accepted: ['Service', 'a Service'],
      explanation: 'A Service selects pods by label and load-balances to them under one name.',
    },
  },
  'ui-design-figma': {
    title: 'Quiz: Interface design',
    single: {
      prompt: 'What is the minimum contrast ratio WCAG AA asks for normal body text?',
      options: ['4.5:1', '2:1', '3:1 for all text', '10:1'],
      explanation: 'WCAG AA requires 4.5:1 for normal text and 3:1 for large text.',
    },
    multiple: {
      prompt: 'Which help a layout read clearly?',
      right: ['A consistent spacing scale', 'Aligning elements to a grid'],
      wrong: ['A different font for every heading', 'Centering every paragraph'],
      explanation: 'Consistent spacing and alignment create rhythm and hierarchy.',
    },
    trueFalse: {
      prompt: 'In Figma, auto layout lets a frame resize around its content.',
      answer: true,
      explanation: 'Auto layout stacks children and can hug their size as content changes.',
    },
    shortAnswer: {
      prompt: 'What is a reusable Figma element with instances called?',
      accepted: ['component', 'a component', 'main component'],
      explanation: 'Components have instances that follow changes to the main component.',
    },
  },
  'web-security-essentials': {
    title: 'Quiz: Web security',
    single: {
      prompt: 'Which defence stops SQL injection at its root?',
      options: [
        'Parameterised queries',
        'Hiding error messages',
        'A longer session timeout',
        'Minifying JavaScript',
      ],
      explanation: 'Bind parameters keep data out of the SQL text, so input can never become code.',
    },
    multiple: {
      prompt: 'Which cookie attributes protect a session cookie?',
      right: ['HttpOnly', 'Secure', 'SameSite'],
      wrong: ['Max-Age=0'],
      explanation:
        'HttpOnly hides it from scripts, Secure sends it over HTTPS only, SameSite limits cross-site sends.',
    },
    trueFalse: {
      prompt: 'A Content-Security-Policy header can reduce the impact of cross-site scripting.',
      answer: true,
      explanation: 'CSP restricts where scripts may load from and whether inline scripts run.',
    },
    shortAnswer: {
      prompt:
        'What is the three-letter acronym for an attack that makes a logged-in browser send an unwanted request?',
      accepted: ['CSRF', 'XSRF'],
      explanation: 'Cross-site request forgery (CSRF) rides on the victim’s cookies.',
    },
  },
  'flutter-first-app': {
    title: 'Quiz: Flutter basics',
    single: {
      prompt: 'Which widget rebuilds when its state changes through setState?',
      options: ['StatefulWidget', 'StatelessWidget', 'InheritedWidget only', 'Container'],
      explanation: 'A StatefulWidget’s State calls setState to rebuild.',
    },
    multiple: {
      prompt: 'Which widgets lay out children?',
      right: ['Row', 'Column'],
      wrong: ['Text', 'Icon'],
      explanation: 'Row and Column arrange children; Text and Icon draw a single thing.',
    },
    trueFalse: {
      prompt: 'Hot reload keeps the app’s state while applying code changes.',
      answer: true,
      explanation: 'Hot reload injects new code into the running app and preserves state.',
    },
    shortAnswer: {
      prompt: 'Which programming language are Flutter apps written in?',
      accepted: ['Dart'],
      explanation: 'Flutter apps are written in Dart.',
    },
  },
};

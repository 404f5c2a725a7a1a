/**
 * The demo courses' article lessons (decision 0077, 0080): one per course that has lessons, its last
 * lesson, in the course's last section. Real Markdown a learner can use: a short recap with headings, a
 * list and a link to the reference it builds on.
 */
export interface DemoArticle {
  title: string;
  markdown: string;
}

export const DEMO_ARTICLES: Readonly<Record<string, DemoArticle>> = {
  'react-from-scratch': {
    title: 'Cheat sheet: React hooks',
    markdown: `## The hooks you will use every day

Hooks let a function component remember values and react to change. Call them at the top level of the
component, never inside a condition or a loop, so React can match each call to its state.

- **useState** holds a value that changes over time; setting it re-renders the component.
- **useReducer** fits state with several fields that change together.
- **useEffect** syncs the component with something outside React: a timer, a subscription, the title.
- **useContext** reads a value provided higher up, without passing props through every level.

## Before you reach for an effect

Most data you show can be *computed while rendering*. If a value follows from props or state, compute it
instead of copying it into state with an effect. For server data, let a library such as TanStack Query
fetch, cache and refetch it.

Read more in the official guide, [You Might Not Need an Effect](https://react.dev/learn/you-might-not-need-an-effect).
`,
  },
  'typescript-for-js': {
    title: 'Cheat sheet: narrowing in TypeScript',
    markdown: `## What narrowing is

A variable of a union type, such as \`string | number\`, can be used as one member only once TypeScript
knows which one it holds. The checks you already write in JavaScript tell it.

- \`typeof value === 'string'\` narrows to a primitive.
- \`value instanceof Date\` narrows to a class.
- \`'kind' in value\` narrows to the members that have that property.
- \`value.kind === 'circle'\` narrows a **discriminated union** to one member.

## Make the compiler check every case

In a \`switch\` over a discriminated union, assign the value to a variable of type \`never\` in the
\`default\` branch. When someone adds a new member, the build fails until every switch handles it.

The handbook's chapter on [narrowing](https://www.typescriptlang.org/docs/handbook/2/narrowing.html)
covers each check with examples.
`,
  },
  'node-fastify-postgres': {
    title: 'Checklist: an API ready for production',
    markdown: `## Before the first deploy

An API that works on your laptop needs a few more things before real users call it.

1. **Validate every input** with a schema, and answer a clear 400 with the field that failed.
2. **Read configuration once**, at start-up, and refuse to start when a setting is missing.
3. **Run migrations** as a step of the deploy, never by hand.
4. **Log one line per request** with its id, route, status and duration.
5. **Answer a health check** that also checks the database connection.

## Errors

Give every error one shape, for example \`{ message, code }\`, and never send a stack trace to the client
in production.

Fastify's guide [Recommendations](https://fastify.dev/docs/latest/Guides/Recommendations/) explains how
to run it behind a proxy and in containers.
`,
  },
  'python-data-analysis': {
    title: 'Cheat sheet: cleaning data with pandas',
    markdown: `## First look

Before any analysis, look at what you loaded:

- \`df.head()\` shows the first rows, \`df.info()\` the columns, their types and missing counts.
- \`df.describe()\` summarises the numeric columns.
- \`df['city'].value_counts()\` shows how often each value occurs.

## Common fixes

- **Missing values**: drop the rows with \`dropna()\` when few are missing, or fill them with
  \`fillna()\` when a sensible default exists.
- **Wrong types**: turn text into dates with \`pd.to_datetime\` and into numbers with \`pd.to_numeric\`.
- **Duplicates**: \`drop_duplicates()\` after deciding which columns make a row unique.

Keep every step in the notebook, so the cleaning can be run again on next month's data.

The pandas [user guide on missing data](https://pandas.pydata.org/docs/user_guide/missing_data.html) goes
further.
`,
  },
  'machine-learning-foundations': {
    title: 'Reading: how to tell whether a model is good',
    markdown: `## Split before you train

Keep a **test set** aside before you look at the data closely, and use it once, at the end. Tune the
model on a separate validation set, or with cross-validation on the training data.

## Pick the metric that matches the cost of a mistake

- **Accuracy** misleads when one class is rare: predicting "no fraud" for everything scores 99 %.
- **Precision** is how many of the flagged cases were right.
- **Recall** is how many of the real cases were found.
- For a number rather than a class, the **mean absolute error** is easy to explain.

## Compare with a baseline

Always compare with the simplest possible model: the most frequent class, or the mean. A model that
cannot beat it is not ready.

scikit-learn's page on [model evaluation](https://scikit-learn.org/stable/modules/model_evaluation.html)
lists the metrics and when to use them.
`,
  },
  'docker-kubernetes': {
    title: 'Checklist: a small, safe container image',
    markdown: `## Build

- Start from a **slim base image** with a pinned version, not \`latest\`.
- Use a **multi-stage build**: compile in one stage, copy only the result into the final one.
- Copy the dependency manifests and install before copying the source, so the layer is cached.
- Add a \`.dockerignore\` so \`node_modules\`, \`.git\` and secrets never enter the build context.

## Run

- Run as a **non-root user** (\`USER\` in the Dockerfile).
- Read configuration from environment variables and secrets, never from files baked into the image.
- Declare a health check, so the orchestrator restarts a stuck container.

## In Kubernetes

Set resource **requests and limits** on every container, and a readiness probe so traffic arrives only
when the app is ready.

Docker's [best practices for writing Dockerfiles](https://docs.docker.com/build/building/best-practices/)
explain each point.
`,
  },
  'ui-design-figma': {
    title: 'Checklist: an accessible interface',
    markdown: `## Colour and text

- Body text needs a contrast of at least **4.5:1** with its background; large text 3:1.
- Never tell a state by colour alone: add an icon or a word to an error or a selection.
- Keep lines of text between 45 and 75 characters for comfortable reading.

## Controls

- Make touch targets at least **44 by 44 points**.
- Give every field a visible label; a placeholder disappears as soon as the user types.
- Design the focus state of every control, not only hover.

## Before the hand-off

Check each screen at its narrowest width and in dark mode, and annotate the reading order for the
developers.

The [WCAG quick reference](https://www.w3.org/WAI/WCAG22/quickref/) lists every success criterion.
`,
  },
  'web-security-essentials': {
    title: 'Cheat sheet: the OWASP Top 10 in one page',
    markdown: `## The risks you will meet first

1. **Broken access control**: check on the server that the user may act on *this* record.
2. **Injection**: use parameterised queries; never build SQL or shell commands from input.
3. **Cross-site scripting**: let the framework escape output; never insert user HTML unsanitised.
4. **Security misconfiguration**: no default passwords, no debug pages, security headers on.
5. **Vulnerable components**: keep dependencies updated and audited.

## Passwords and sessions

Hash passwords with a slow algorithm such as **argon2** or **bcrypt**, rate-limit sign-in, and keep
session tokens in \`HttpOnly\`, \`Secure\` cookies.

Read the full list and its examples at [owasp.org/Top10](https://owasp.org/Top10/).
`,
  },
  'flutter-first-app': {
    title: 'Reading: stateless or stateful widget?',
    markdown: `## The rule of thumb

Use a **StatelessWidget** when everything it shows comes from its constructor. Use a
**StatefulWidget** when it must remember something that changes while it is on screen: a counter, the
text of a field, whether a panel is open.

## Keep state small and low

- Put state in the lowest widget that needs it.
- Call \`setState\` only for the change that affects the build, and keep the build method fast.
- When several screens share state, lift it up or use a state-management package.

## Try it

Turn the counter of the template app into a stateless display and a stateful parent, and watch which
widgets rebuild with the Flutter inspector.

The Flutter docs explain it in [Adding interactivity](https://docs.flutter.dev/ui/interactivity).
`,
  },
};

/**
 * The Features page (/features, issue 15 item 4): static text about what the product does, in sections
 * the landing page links to (/features#analytics and so on): how it works, teaching, then one block per
 * area. Teaching ends with a call to action: sign up for a visitor, the dashboard for a signed-in user
 * (who applies to teach from there).
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { OutlineIcon } from '~/components/ui/OutlineIcon';
import { sectionBase, sectionHomeLink } from '~/lib/links';
import { useSession } from '~/lib/session';
import { FEATURES_TEXT } from './features-text';
import { PublicSiteLayout } from './PublicSiteLayout';

const sectionClassName = 'scroll-mt-6 border-t border-slate-200 py-12 dark:border-slate-800';
const sectionTitleClassName = 'text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white';

/** One of the page's sections, which the landing page links to by id (/features#<id>). */
function FeaturesSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={sectionClassName}>
      <h2 id={`${id}-title`} className={sectionTitleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A section's introduction and its points, each ticked. */
function Points({ intro, points }: { intro: string; points: readonly string[] }) {
  return (
    <>
      <p className="mt-3 max-w-3xl text-slate-700 dark:text-slate-300">{intro}</p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2">
        {points.map((point) => (
          <li
            key={point}
            className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300"
          >
            <OutlineIcon
              d="m5 12 5 5 9-10"
              className="mt-0.5 h-5 w-5 flex-none text-indigo-600 dark:text-indigo-400"
            />
            <span>{point}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function TeachCallToAction() {
  const { user } = useSession();
  const className =
    'inline-flex rounded-md bg-indigo-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-indigo-700';
  // A student applies to teach; anyone else signed in already teaches (or administers): their dashboard.
  if (user?.role === 'student') {
    return (
      <Link to="/dashboard/teach" className={className}>
        {FEATURES_TEXT.instructors.applyCallToAction}
      </Link>
    );
  }
  if (user) {
    return (
      <Link {...sectionHomeLink(sectionBase(user.role))} className={className}>
        {FEATURES_TEXT.instructors.signedInCallToAction}
      </Link>
    );
  }
  return (
    <Link to="/signup" className={className}>
      {FEATURES_TEXT.instructors.callToAction}
    </Link>
  );
}

export function FeaturesPage() {
  const { howItWorks, instructors, blocks } = FEATURES_TEXT;
  return (
    <PublicSiteLayout title={FEATURES_TEXT.title}>
      <div className="mx-auto max-w-5xl px-6 pb-16 lg:px-8">
        <div className="py-12">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            {FEATURES_TEXT.title}
          </h1>
          <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{FEATURES_TEXT.intro}</p>
          <nav aria-labelledby="features-contents" className="mt-8">
            <h2 id="features-contents" className="text-sm font-semibold text-slate-700 dark:text-slate-300">
              {FEATURES_TEXT.contents}
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {[howItWorks, instructors, ...blocks].map((section) => (
                <li key={section.id}>
                  <Link
                    to="/features"
                    hash={section.id}
                    className="inline-flex rounded-full border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:border-indigo-400 hover:text-indigo-700 dark:border-slate-600 dark:text-slate-200 dark:hover:text-indigo-300"
                  >
                    {section.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>

        <FeaturesSection id={howItWorks.id} title={howItWorks.title}>
          <ol className="mt-6 grid gap-6 sm:grid-cols-3">
            {howItWorks.steps.map((step, index) => (
              <li
                key={step.title}
                className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
              >
                <span
                  aria-hidden="true"
                  className="flex h-9 w-9 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white"
                >
                  {index + 1}
                </span>
                <h3 className="mt-3 font-semibold text-slate-900 dark:text-white">{step.title}</h3>
                <p className="mt-1 text-slate-700 dark:text-slate-300">{step.text}</p>
              </li>
            ))}
          </ol>
        </FeaturesSection>

        <FeaturesSection id={instructors.id} title={instructors.title}>
          <Points intro={instructors.intro} points={instructors.points} />
          <div className="mt-8">
            <TeachCallToAction />
          </div>
        </FeaturesSection>

        {blocks.map((block) => (
          <FeaturesSection key={block.id} id={block.id} title={block.title}>
            <Points intro={block.intro} points={block.points} />
          </FeaturesSection>
        ))}
      </div>
    </PublicSiteLayout>
  );
}

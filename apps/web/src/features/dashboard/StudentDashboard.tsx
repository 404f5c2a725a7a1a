/** The student overview (spec section 2, "Student dashboard"): static sample figures, not connected to data. */
import { STUDENT_DASHBOARD } from './screen-titles';

export function StudentDashboard() {
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{STUDENT_DASHBOARD.greeting}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{STUDENT_DASHBOARD.subline}</p>
      </header>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {STUDENT_DASHBOARD.stats.map((stat) => (
          <li
            key={stat.label}
            className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
          >
            <p className="text-sm text-slate-600 dark:text-slate-400">{stat.label}</p>
            <p className="mt-2 text-3xl font-bold">{stat.value}</p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="active-courses-heading" className="space-y-4">
        <h2 id="active-courses-heading" className="text-xl font-semibold">
          {STUDENT_DASHBOARD.activeCoursesTitle}
        </h2>
        <ul className="space-y-3">
          {STUDENT_DASHBOARD.activeCourses.map((course) => (
            <li
              key={course.title}
              className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
            >
              <div className="flex items-baseline justify-between gap-4">
                <div>
                  <h3 className="font-semibold">{course.title}</h3>
                  <p className="text-sm text-slate-600 dark:text-slate-400">{course.instructor}</p>
                </div>
                <span className="text-sm font-medium">{course.progress}%</span>
              </div>
              <div
                role="progressbar"
                aria-label={`${course.title} progress`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={course.progress}
                className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
              >
                <div className="h-full rounded-full bg-indigo-600" style={{ width: `${course.progress}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

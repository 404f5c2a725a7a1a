/** The lecture player's course progress bar (spec section 2): completionPercentage from the server. */
import { LEARNING_TEXT } from './learning-text';

export function CourseProgressBar({ percentage }: { percentage: number }) {
  const value = Math.min(100, Math.max(0, Math.round(percentage)));
  return (
    <div className="space-y-1">
      <div className="flex items-baseline justify-between text-sm">
        <span id="course-progress-label" className="font-medium text-slate-800 dark:text-slate-200">
          {LEARNING_TEXT.courseProgress}
        </span>
        <span className="text-slate-700 dark:text-slate-300">{LEARNING_TEXT.progressValue(value)}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="course-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={LEARNING_TEXT.progressValue(value)}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className="h-full rounded-full bg-emerald-600 transition-[width] dark:bg-emerald-500"
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}

/** How far an upload has come (0-100), as a labelled progress bar: the lecture video's and the thumbnail's. */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <div className="h-full bg-indigo-600" style={{ width: `${percent}%` }} />
    </div>
  );
}

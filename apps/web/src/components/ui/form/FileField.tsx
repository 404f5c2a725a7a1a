/**
 * A labelled file input that takes only the files `accepts` allows (a video for a lecture, an image for a
 * thumbnail): another file is refused with `refusal` under the input, which is emptied. The chosen file
 * (or null) goes to `onFile`; it is not a form value, since the browser keeps what a file input holds.
 */
import { type Ref, useState } from 'react';
import { FormField } from './FormField';

const fileInputClassName =
  'block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-600 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-indigo-700 dark:text-slate-200';

export function FileField({
  id,
  label,
  hint,
  accept,
  accepts,
  refusal,
  onFile,
  ref,
}: {
  id: string;
  label: string;
  hint?: string;
  /** The file chooser's filter (`video/*`); `accepts` is the check, since a user can choose any file. */
  accept: string;
  accepts: (file: File) => boolean;
  refusal: string;
  onFile: (file: File | null) => void;
  /** The input, for a form that empties it after sending. */
  ref?: Ref<HTMLInputElement>;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <FormField id={id} label={label} hint={hint} error={error ?? undefined}>
      {(control) => (
        <input
          {...control}
          ref={ref}
          type="file"
          accept={accept}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            const refused = file !== null && !accepts(file);
            if (refused) event.target.value = '';
            setError(refused ? refusal : null);
            onFile(refused ? null : file);
          }}
          className={fileInputClassName}
        />
      )}
    </FormField>
  );
}

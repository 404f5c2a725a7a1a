/**
 * A labelled file input that takes one kind of media (`takes`: images for a thumbnail, videos for a
 * lecture, or a list of files by type and extension, a lesson resource's): the chooser offers only those, and another file (a user can choose any) is refused with
 * `refusal` under the input, which is emptied. The chosen file (or null) goes to `onFile`; it is not a
 * form value, since the browser keeps what a file input holds.
 */
import { type Ref, useState } from 'react';
import { FormField } from './FormField';

/** Files by exact type or extension: `accept` for the chooser, `allows` to check the chosen one. */
export interface FileKinds {
  accept: string;
  allows: (file: File) => boolean;
}

const mediaKinds = (prefix: 'image' | 'video'): FileKinds => ({
  accept: `${prefix}/*`,
  allows: (file) => file.type.startsWith(`${prefix}/`),
});

const fileInputClassName =
  'block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-600 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-indigo-700 dark:text-slate-200';

export function FileField({
  id,
  label,
  hint,
  takes,
  refusal,
  onFile,
  ref,
}: {
  id: string;
  label: string;
  hint?: string;
  takes: 'image' | 'video' | FileKinds;
  refusal: string;
  onFile: (file: File | null) => void;
  /** The input, for a form that empties it after sending. */
  ref?: Ref<HTMLInputElement>;
}) {
  const [error, setError] = useState<string | null>(null);
  const kinds = typeof takes === 'string' ? mediaKinds(takes) : takes;
  return (
    <FormField id={id} label={label} hint={hint} error={error ?? undefined}>
      {(control) => (
        <input
          {...control}
          ref={ref}
          type="file"
          accept={kinds.accept}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            const refused = file !== null && !kinds.allows(file);
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

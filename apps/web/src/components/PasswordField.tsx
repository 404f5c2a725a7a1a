import { useState } from 'react';
import { TextField, type TextFieldProps } from './TextField';

/**
 * A password input with a show/hide button. The button's name comes from its (visually hidden) text,
 * not aria-label, so label-based lookups for the field ("Password") find only the input.
 */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((current) => !current)}
          aria-controls={props.id}
          className="rounded px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-slate-800"
        >
          <span aria-hidden="true">{visible ? 'Hide' : 'Show'}</span>
          <span className="sr-only">{`${visible ? 'Hide' : 'Show'} ${props.label.toLowerCase()}`}</span>
        </button>
      }
    />
  );
}

import type { ButtonHTMLAttributes } from 'react';

export const primaryButtonClassName =
  'inline-flex w-full items-center justify-center rounded-md bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-50';

export function PrimaryButton({ className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" {...props} className={`${primaryButtonClassName} ${className}`} />;
}

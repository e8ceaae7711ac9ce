// A labelled form field with its hint and error announced to screen readers.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  /** A neutral or positive note under the field (e.g. 'Disponible'). */
  hint?: ReactNode;
  hintTone?: 'neutral' | 'success' | 'danger';
  /** Something placed at the input's right edge, e.g. a show-password button. */
  trailing?: ReactNode;
}

const HINT_TONES = { neutral: 'text-slate-500', success: 'text-brand-700', danger: 'text-red-700' } as const;

export function Field({ label, error, hint, hintTone = 'neutral', trailing, className = '', ...input }: FieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`block min-h-11 w-full rounded-xl border bg-white px-3.5 text-base text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:ring-2 ${
            error ? 'border-red-400 focus:border-red-500 focus:ring-red-200' : 'border-slate-300 focus:border-brand-600 focus:ring-brand-100'
          } ${trailing ? 'pr-12' : ''}`}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={`text-xs font-medium ${HINT_TONES[hintTone]}`} aria-live="polite">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A status box for a form's outcome: an error (role alert) or a success (role status). */
export function FormMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-brand-100 bg-brand-50 text-brand-900',
    info: 'border-amber-200 bg-amber-50 text-amber-900',
  }[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-xl border px-4 py-3 text-sm font-medium ${styles}`}>
      {children}
    </div>
  );
}

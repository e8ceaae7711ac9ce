import { useState } from 'react';
import { Field, type FieldProps } from '@/components/ui/field';

/** A password field with a show/hide toggle (typing on a phone keyboard is error-prone). */
export function PasswordField(props: Omit<FieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Ocultar ${props.label.toLowerCase()}` : `Mostrar ${props.label.toLowerCase()}`}
          aria-pressed={visible}
          className="grid size-10 place-items-center rounded-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" />
            {visible ? null : <path d="M3 3l18 18" />}
          </svg>
        </button>
      }
    />
  );
}

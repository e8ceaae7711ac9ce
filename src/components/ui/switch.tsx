// An on/off switch: a button with role "switch", named by its visible label, with an optional
// description read after it.
import { useId, type ReactNode } from 'react';

export interface SwitchProps {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

export function Switch({ label, description, checked, onChange, disabled }: SwitchProps) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <p id={`${id}-label`} className="text-sm font-semibold text-slate-800">
          {label}
        </p>
        {description ? (
          <p id={`${id}-description`} className="text-xs text-slate-500">
            {description}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        // The target is 44 px tall around the 28 px track (WCAG 2.5.5: a finger, not a fingertip).
        className="group grid h-11 w-14 shrink-0 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
      >
        <span aria-hidden="true" className={`inline-flex h-7 w-12 items-center rounded-full transition ${checked ? 'bg-brand-600' : 'bg-slate-300'}`}>
          <span className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-6' : 'translate-x-1'}`} />
        </span>
      </button>
    </div>
  );
}

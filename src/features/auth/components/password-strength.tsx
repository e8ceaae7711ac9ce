import { passwordStrength } from '../validation';

const LEVELS = ['Muy débil', 'Débil', 'Aceptable', 'Buena', 'Fuerte'] as const;
const BAR_COLOURS = ['bg-red-500', 'bg-red-500', 'bg-amber-500', 'bg-lime-500', 'bg-brand-600'] as const;

/** The four-step strength meter of docs/product.md#validation: length 8+, a letter, a digit, a symbol. */
export function PasswordStrength({ password }: { password: string }) {
  const { score, level, checks } = passwordStrength(password);
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <div className="flex items-center gap-2">
        <div
          role="meter"
          aria-label="Seguridad de la contraseña"
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={score}
          aria-valuetext={LEVELS[level]}
          className="grid flex-1 grid-cols-4 gap-1"
        >
          {[0, 1, 2, 3].map((step) => (
            <span key={step} className={`h-1.5 rounded-full ${step < score ? BAR_COLOURS[level] : 'bg-slate-200'}`} />
          ))}
        </div>
        <span className="w-20 text-right text-xs font-semibold text-slate-600">{password ? LEVELS[level] : ''}</span>
      </div>
      <ul className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        {checks.map((check) => (
          <li key={check.id} className={check.met ? 'text-brand-700' : 'text-slate-500'}>
            <span aria-hidden="true">{check.met ? '✓' : '○'} </span>
            {check.label}
            <span className="sr-only">{check.met ? ' (cumplido)' : ' (pendiente)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

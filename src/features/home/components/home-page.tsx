// The home page (docs/product.md#home): the hero with the free sign-up call, this week's round on
// a phone, how it works, the stats band, then what the route adds (the Boost teaser, the latest
// posts). Signed-in players get their own shortcuts instead of sign-up calls. Everything above
// the phone is static text, so the first paint never waits for data.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { track } from '@/lib/activity';
import { BRAND } from '@/lib/brand';
import { formatMXN } from '@/lib/format';
import { useUserId } from '@/lib/session';
import { getHomeStats, type HomeStats } from '../api/get-home-stats';
import { PhoneMockup } from './phone-mockup';

const STEPS = [
  { title: 'Crea tu cuenta', text: 'Regístrate gratis con tu correo en menos de un minuto.' },
  { title: 'Elige tus resultados', text: 'Local, Empate o Visita en cada partido antes del cierre.' },
  { title: 'Suma puntos y gana', text: 'Sube en la tabla del mes y gana premios en efectivo.' },
];

const primaryClass = 'inline-flex min-h-12 items-center justify-center rounded-full bg-gold-400 px-6 text-base font-bold text-slate-900 hover:bg-amber-300';

export function HomePage({ children }: { children?: ReactNode }) {
  const signedIn = useUserId() !== null;
  const howItWorks = useRef<HTMLElement>(null);
  return (
    <div className="flex flex-col gap-8 pb-4">
      <section aria-labelledby="hero-title" className="-mx-4 -mt-4 bg-brand-800 px-4 pt-8 pb-10 text-white sm:rounded-b-3xl">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-8 sm:flex-row sm:items-center">
          <div className="flex flex-1 flex-col gap-4 text-center sm:text-left">
            <h1 id="hero-title" className="text-3xl font-extrabold leading-tight tracking-tight sm:text-4xl">
              Juega la quiniela de la Liga MX y gana premios cada mes
            </h1>
            <p className="text-base text-brand-50">Elige Local, Empate o Visita en 12 partidos por semana. Jugar es 100% gratis.</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              {signedIn ? (
                <AppLink to="/picks?quiniela=current" className={primaryClass}>
                  Hacer mis predicciones
                </AppLink>
              ) : (
                <AppLink to="/signup" onClick={() => track('cta_click', { cta: 'hero_signup' })} className={primaryClass}>
                  Regístrate gratis
                </AppLink>
              )}
              <AppLink to={`/${BRAND.slug}-de-la-semana`} className="inline-flex min-h-12 items-center justify-center rounded-full px-6 font-semibold text-white ring-2 ring-white/60 hover:bg-white/10">
                Ver la quiniela de la semana
              </AppLink>
            </div>
          </div>
          <PhoneMockup />
        </div>
      </section>

      <section id="how-it-works" ref={howItWorks} aria-labelledby="how-title" className="scroll-mt-20">
        <h2 id="how-title" className="text-2xl font-extrabold tracking-tight">
          Cómo funciona
        </h2>
        <ol className="mt-4 grid gap-3 sm:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title}>
              <AppLink
                to={signedIn ? '/picks?quiniela=current' : '/signup'}
                className="flex h-full flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-600"
              >
                <span aria-hidden="true" className="grid size-8 place-items-center rounded-full bg-brand-700 text-sm font-bold text-white">
                  {i + 1}
                </span>
                <span className="font-bold text-slate-900">{step.title}</span>
                <span className="text-sm text-slate-600">{step.text}</span>
              </AppLink>
            </li>
          ))}
        </ol>
      </section>

      <StatsBand signedIn={signedIn} />
      {children}
      {!signedIn && <StickySignup section={howItWorks} />}
    </div>
  );
}

function StatsBand({ signedIn }: { signedIn: boolean }) {
  const [stats, setStats] = useState<HomeStats | null>(null);
  useEffect(() => {
    let current = true;
    getHomeStats().then((s) => current && setStats(s), () => undefined);
    return () => {
      current = false;
    };
  }, []);
  // Figures from the data where it has them; until they arrive (or if they fail) the band keeps
  // its size with a dash.
  const figures = [
    { value: stats ? formatMXN(stats.prizesMxn) : '—', label: 'en premios entregados' },
    { value: stats ? String(stats.winners) : '—', label: 'ganadores' },
    { value: '100%', label: 'gratis' },
    { value: '⚽', label: 'hecho por especialistas en fútbol' },
  ];
  return (
    <section aria-labelledby="stats-title" className="rounded-2xl bg-slate-900 px-4 py-6 text-white">
      <h2 id="stats-title" className="sr-only">
        {BRAND.name} en números
      </h2>
      <dl className="grid grid-cols-2 gap-4 text-center sm:grid-cols-4">
        {figures.map((f) => (
          <div key={f.label} className="flex flex-col-reverse">
            <dt className="text-xs text-slate-300">{f.label}</dt>
            <dd className="text-2xl font-extrabold tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>
      {!signedIn && (
        <div className="mt-5 flex justify-center">
          <AppLink to="/signup" onClick={() => track('cta_click', { cta: 'stats_signup' })} className={primaryClass}>
            Regístrate gratis
          </AppLink>
        </div>
      )}
    </section>
  );
}

/** On phones, a sign-up button pinned to the bottom while its section is on screen. */
function StickySignup({ section }: { section: React.RefObject<HTMLElement | null> }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const target = section.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setVisible(entry.isIntersecting));
    observer.observe(target);
    return () => observer.disconnect();
  }, [section]);
  if (!visible) return null;
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:hidden">
      <AppLink to="/signup" onClick={() => track('cta_click', { cta: 'sticky_signup' })} className={`${primaryClass} w-full`}>
        Regístrate gratis
      </AppLink>
    </div>
  );
}

// /rules: every number on this page is the rules in force this month (src/lib/game/game-rules.ts),
// generated from the tables and functions the database scores with, so what is shown is what
// is computed; the tie example and the last round's points come from the database functions.
import type { ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { BRAND } from '@/lib/brand';
import { formatMXN } from '@/lib/format';
import { bonusPoints, matchesPerRound, multiplierLabel, prizeAmounts, rulesFor, type GameRules } from '@/lib/game/game-rules';
import { useUserId } from '@/lib/session';
import { GAME_TIME_LABEL } from '@/lib/time';
import { MATCH_BONUS_ICONS } from '@/lib/game/rounds';
import { rankText } from '@/lib/words';

const SECTIONS = [
  ['como-se-juega', 'Cómo se juega'],
  ['puntos', 'Puntos'],
  ['bonos', 'Bonos'],
  ['boost', 'Boost'],
  ['premios', 'Premios'],
  ['empates', 'Empates'],
  ['horarios', 'Horarios'],
  ['terminos', 'Términos'],
] as const;


export function RulesPage({ rules = rulesFor() }: { rules?: GameRules }) {
  const signedIn = useUserId() !== null;
  const matches = matchesPerRound(rules);
  const scoringRows = rules.pointsByCorrect
    .map((points, correct) => ({ correct, points, lastRound: rules.lastRoundPointsByCorrect[correct] ?? points }))
    .filter((row) => row.points > 0);
  const firstScoring = scoringRows[0]?.correct ?? 0;
  const perfectPoints = rules.pointsByCorrect[matches] ?? 0;
  const multiplier = multiplierLabel(rules);
  const monthly = prizeAmounts(rules, 'monthly');
  const weekly = prizeAmounts(rules, 'weekly');
  const perfect = prizeAmounts(rules, 'perfect');
  const { tieExample } = rules;
  const bonus = (code: Parameters<typeof bonusPoints>[1]) => ({ label: rules.bonuses[code]?.label ?? '', points: bonusPoints(rules, code) });
  return (
    <article className="flex flex-col gap-5">
      <header>
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Reglamento</p>
        <h1 className="text-2xl font-extrabold tracking-tight">Reglas de {BRAND.name}</h1>
        <p className="mt-1 text-sm text-slate-600">Todo lo que necesitas saber para sumar puntos y ganar premios cada mes. Jugar es gratis.</p>
      </header>

      <nav aria-label="Secciones" className="-mx-4 overflow-x-auto px-4">
        <ul className="flex gap-2 pb-1">
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`} className="inline-flex min-h-9 items-center whitespace-nowrap rounded-full bg-white px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:ring-brand-600">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <Section id="como-se-juega" title="Cómo se juega">
        <ol className="list-decimal space-y-1 pl-5">
          <li>Cada semana publicamos una quiniela de {matches} partidos.</li>
          <li>Para cada partido eliges Local, Empate o Visita antes de que cierre la quiniela. Puedes cambiar tus predicciones hasta el cierre.</li>
          <li>Sumas puntos por tus aciertos y bonos; los puntos alimentan la tabla mensual, que se reinicia cada mes.</li>
        </ol>
      </Section>

      <Section id="puntos" title="Puntos por aciertos">
        <p>
          Los puntos dependen de cuántos de los {matches} partidos aciertes. Con menos de {firstScoring} aciertos la quiniela no suma puntos.
        </p>
        <table className="mt-3 w-full overflow-hidden rounded-xl text-sm ring-1 ring-slate-200">
          <caption className="sr-only">Puntos por número de aciertos</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">
                Aciertos
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Puntos
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Última del mes {multiplier}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {scoringRows.map((row) => (
              <tr key={row.correct} className={row.correct === matches ? 'bg-amber-50 font-semibold' : ''}>
                <td className="px-3 py-1.5 tabular-nums">
                  {row.correct} de {matches}
                </td>
                <td className="px-3 py-1.5 text-right font-semibold tabular-nums">{row.points}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{row.lastRound}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2 text-xs text-slate-500">
          Una quiniela perfecta ({matches}/{matches}) da {perfectPoints} puntos y además gana el premio de quiniela perfecta.
        </p>
      </Section>

      <Section id="bonos" title="Bonos">
        <ul className="flex flex-col gap-2">
          <Bonus title={`${MATCH_BONUS_ICONS.special} Partido especial`} points="+ los puntos del partido">
            Cada quiniela marca un partido especial; si lo aciertas sumas los puntos extra indicados en él.
          </Bonus>
          <Bonus title={`${MATCH_BONUS_ICONS.underdog} Sorpresa`} points="+ los puntos del partido">
            Un partido marca al lado menos favorito; si ese lado gana y lo elegiste, sumas los puntos extra indicados.
          </Bonus>
          <Bonus title={`🏁 ${bonus('last_round_multiplier').label}`} points={multiplier}>
            Los puntos por aciertos de la última quiniela del mes se multiplican por {bonus('last_round_multiplier').points} (redondeando hacia arriba desde .5; mira la columna
            «Última del mes» de la tabla). Los bonos se suman después, sin multiplicar.
          </Bonus>
          <Bonus title={`🔥 ${bonus('streak').label}`} points={`+${bonus('streak').points}`}>
            Juegas esta quiniela y también jugaste la anterior.
          </Bonus>
          <Bonus title={`📅 ${bonus('full_month').label}`} points={`+${bonus('full_month').points}`}>
            En la última quiniela del mes, si jugaste todas las quinielas de ese mes.
          </Bonus>
          <Bonus title={`👋 ${bonus('welcome').label}`} points={`+${bonus('welcome').points}`}>
            En la primera quiniela que juegas.
          </Bonus>
          <Bonus title="🎯 Referidos" points={`+${bonus('referral').points}`}>
            Por cada amigo que invitas y juega al menos una quiniela; máximo {bonus('referral_monthly_cap').points} referidos por mes.
          </Bonus>
        </ul>
        <p className="mt-2 text-xs text-slate-500">Cada bono aparece con su línea en el detalle de tus puntos, para que sepas de dónde salió cada punto.</p>
      </Section>

      <Section id="boost" title="Boost diario">
        <p>
          El Boost es un reto diario sobre los partidos del día siguiente: resultado del partido, marcador exacto, sí/no o más/menos goles. Si aciertas, sumas los puntos
          indicados en el reto, que cuentan en la columna Boost y en el total de la tabla mensual. Cada Boost cierra a las 23:59 ({GAME_TIME_LABEL}).
        </p>
      </Section>

      <Section id="premios" title="Premios">
        <h3 className="font-semibold">Premios del mes</h3>
        <ol className="mt-1 flex flex-col divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {monthly.map((amount, i) => (
            <li key={i} className="flex justify-between px-3 py-1.5">
              <span>{rankText(i + 1)} lugar</span>
              <span className="font-semibold tabular-nums">{formatMXN(amount)}</span>
            </li>
          ))}
        </ol>
        <ul className="mt-3 flex flex-col gap-1.5">
          {weekly[0] !== undefined && (
            <li className="flex justify-between gap-3">
              <span>Mejor quiniela de la semana</span>
              <span className="font-semibold tabular-nums">{formatMXN(weekly[0])}</span>
            </li>
          )}
          {perfect[0] !== undefined && (
            <li className="flex justify-between gap-3">
              <span>
                Quiniela perfecta ({matches}/{matches})
                <span className="block text-xs text-slate-500">
                  Se reparte en partes iguales entre todos los perfectos de esa quiniela.
                </span>
              </span>
              <span className="font-semibold tabular-nums">{formatMXN(perfect[0])}</span>
            </li>
          )}
        </ul>
      </Section>

      <Section id="empates" title="Empates">
        <p>
          Si varios jugadores empatan en puntos, comparten la posición y se reparten a partes iguales la suma de los premios de los lugares que ocupan. Por ejemplo, dos
          jugadores empatados en el {rankText(tieExample.place)} lugar se reparten{' '}
          {monthly
            .slice(tieExample.place - 1, tieExample.place - 1 + tieExample.tied)
            .map(formatMXN)
            .join(' + ')}
          : <strong>{formatMXN(tieExample.share)}</strong> cada uno, y el siguiente jugador queda en {rankText(tieExample.place + tieExample.tied)} lugar.
        </p>
      </Section>

      <Section id="horarios" title="Horarios">
        <ul className="list-disc space-y-1 pl-5">
          <li>Todos los horarios son {GAME_TIME_LABEL} (Ciudad de México).</li>
          <li>Cada quiniela cierra en la fecha y hora que muestra su cuenta regresiva; después del cierre ya no se pueden cambiar las predicciones.</li>
          <li>Una quiniela cuenta para el mes de su cierre. La tabla mensual se reinicia el día 1 a las 00:00.</li>
          <li>El Boost de cada día cierra a las 23:59.</li>
        </ul>
      </Section>

      <Section id="terminos" title="Términos">
        <ul className="list-disc space-y-1 pl-5">
          <li>{BRAND.name} es gratuito: no necesitas pagar para jugar ni para ganar premios.</li>
          <li>Una cuenta por persona. La actividad sospechosa (cuentas múltiples, automatización o manipulación) lleva a la descalificación.</li>
          <li>Los premios se confirman al cerrar el mes, una vez calificadas todas sus quinielas.</li>
          <li>
            Consulta también nuestros{' '}
            <AppLink to="/privacidad" className="font-semibold text-brand-700 underline">
              términos y aviso de privacidad
            </AppLink>
            .
          </li>
        </ul>
      </Section>

      <div className="flex flex-col items-center gap-3 rounded-2xl bg-brand-800 px-6 py-8 text-center text-white">
        <p className="text-lg font-bold">¿Listo para jugar?</p>
        {signedIn ? (
          <AppLink to={`/${BRAND.slug}-de-la-semana`} className="inline-flex min-h-11 items-center rounded-full bg-gold-400 px-6 font-bold text-slate-900 hover:bg-amber-300">
            Jugar la quiniela de la semana
          </AppLink>
        ) : (
          <AppLink to="/signup" className="inline-flex min-h-11 items-center rounded-full bg-gold-400 px-6 font-bold text-slate-900 hover:bg-amber-300">
            Crear cuenta gratis
          </AppLink>
        )}
      </div>
    </article>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 rounded-2xl bg-white px-4 py-4 text-sm leading-relaxed text-slate-700 shadow-sm ring-1 ring-slate-200">
      <h2 id={`${id}-title`} className="mb-2 text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Bonus({ title, points, children }: { title: string; points: string; children: ReactNode }) {
  return (
    <li className="rounded-xl bg-slate-50 px-3 py-2 ring-1 ring-slate-100">
      <div className="flex items-baseline justify-between gap-3">
        <span className="font-semibold text-slate-900">{title}</span>
        <span className="shrink-0 font-bold text-brand-700">{points}</span>
      </div>
      <p className="text-slate-600">{children}</p>
    </li>
  );
}

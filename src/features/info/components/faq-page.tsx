// /faq: seven questions (docs/product.md#faq-contact-and-privacy) as a native <details> accordion: keyboard and screen-reader
// support come from the browser, and every answer is in the page for find-in-page. Numbers
// are the rules in force this month (lib/game/game-rules.ts, generated from the tables the database
// scores with), so the FAQ cannot promise other points or prizes than the rules page.
import type { ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { BRAND } from '@/lib/brand';
import { formatMXN } from '@/lib/format';
import { bonusPoints, matchesPerRound, multiplierLabel, prizeAmounts, rulesFor, type GameRules } from '@/lib/game/game-rules';
import { GAME_TIME_LABEL } from '@/lib/time';
import { CONTACT_REPLY_HOURS } from '../contact';
import { rankText } from '@/lib/words';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2';

function questions(rules: GameRules): Array<{ id: string; question: string; answer: ReactNode }> {
  const matches = matchesPerRound(rules);
  const firstScoring = rules.pointsByCorrect.findIndex((points) => points > 0);
  const perfectPoints = rules.pointsByCorrect[matches] ?? 0;
  const monthly = prizeAmounts(rules, 'monthly');
  const monthlyPrizes = monthly.map((amount, i) => `${rankText(i + 1)} ${formatMXN(amount)}`).join(', ');
  return [
  {
    id: 'que-es',
    question: `¿Qué es ${BRAND.name}?`,
    answer: (
      <p>
        {BRAND.name} es una quiniela de fútbol en línea para jugar desde tu celular. Cada semana publicamos una quiniela de {matches} partidos de la Liga MX y
        de las mejores ligas del mundo; eliges Local, Empate o Visita en cada uno antes del cierre, sumas puntos por tus aciertos y compites en una tabla mensual con
        premios en efectivo. Además, todos los días hay un reto Boost con puntos extra.
      </p>
    ),
  },
  {
    id: 'es-gratis',
    question: '¿Cuesta algo jugar?',
    answer: (
      <p>
        No. {BRAND.name} es 100% gratis: no pagas por registrarte, por jugar la quiniela semanal ni por el Boost diario, y puedes ganar los premios sin pagar nada. El
        juego se sostiene con publicidad y ofertas de socios, que siempre son opcionales.
      </p>
    ),
  },
  {
    id: 'puntos',
    question: '¿Cómo se ganan puntos?',
    answer: (
      <>
        <p>
          Los puntos dependen de cuántos partidos aciertes en cada quiniela: desde {rules.pointsByCorrect[firstScoring]} puntos por {firstScoring} aciertos hasta{' '}
          {perfectPoints} puntos por {matches} de {matches}. Con menos de {firstScoring} aciertos la quiniela no suma puntos.
        </p>
        <p>
          También hay bonos: pick especial y sorpresa, +{bonusPoints(rules, 'streak')} por jugar dos semanas seguidas, +{bonusPoints(rules, 'full_month')} por jugar todas las
          quinielas del mes, +{bonusPoints(rules, 'welcome')} de bienvenida y {multiplierLabel(rules)} en la última quiniela del mes. Los puntos del Boost
          diario también cuentan en la tabla.
        </p>
        <p>
          Consulta la tabla completa en las{' '}
          <AppLink to="/rules" className={linkClass}>
            reglas del juego
          </AppLink>
          .
        </p>
      </>
    ),
  },
  {
    id: 'cierre',
    question: '¿Cuándo cierran las quinielas?',
    answer: (
      <p>
        Cada quiniela cierra en la fecha y hora que indica su cuenta regresiva, siempre en {GAME_TIME_LABEL} (Ciudad de México), normalmente antes de su primer
        partido. Hasta ese momento puedes cambiar tus predicciones cuantas veces quieras; después del cierre quedan bloqueadas. Cuenta la hora de nuestro servidor, no la
        de tu celular. El Boost de cada día cierra a las 23:59 ({GAME_TIME_LABEL}).
      </p>
    ),
  },
  {
    id: 'premios',
    question: '¿Qué premios hay y cómo se pagan?',
    answer: (
      <>
        <p>
          Cada mes premiamos a los {monthly.length} primeros lugares de la tabla: {monthlyPrizes}. La mejor quiniela de la semana gana {formatMXN(prizeAmounts(rules, 'weekly')[0] ?? 0)} y una
          quiniela perfecta ({matches}/{matches}) gana {formatMXN(prizeAmounts(rules, 'perfect')[0] ?? 0)}, que se reparten en partes iguales si hay varios
          perfectos. En caso de empate, los empatados se reparten en partes iguales la suma de los premios de los lugares que ocupan.
        </p>
        <p>
          Al cerrar el mes y calificar todas sus quinielas, escribimos a los ganadores al correo de su cuenta. Para cobrar debes ser mayor de 18 años, vivir en México
          y confirmar tu identidad; el pago se hace por transferencia bancaria (SPEI) a una cuenta a tu nombre.
        </p>
      </>
    ),
  },
  {
    id: 'una-cuenta',
    question: '¿Puedo tener más de una cuenta?',
    answer: (
      <p>
        No. Se permite una sola cuenta por persona. Las cuentas múltiples, el uso de programas automatizados o cualquier actividad sospechosa llevan a la
        descalificación: se pierden los puntos y los premios pendientes, y la cuenta puede ser suspendida.
      </p>
    ),
  },
  {
    id: 'referidos',
    question: '¿Cómo funcionan los referidos?',
    answer: (
      <p>
        Comparte tu enlace de invitación con tus amigos: quien se registre desde él queda ligado a tu cuenta. Por cada amigo que juegue al menos una quiniela sumas +
        {bonusPoints(rules, 'referral')} puntos, hasta {bonusPoints(rules, 'referral_monthly_cap')} referidos por mes. Crear otra cuenta para invitarte a ti mismo se considera cuenta múltiple.
      </p>
    ),
  },
  ];
}

export function FaqPage() {
  useDocumentTitle('Preguntas frecuentes');
  return (
    <div className="flex flex-col gap-5">
      <PageHeader eyebrow="Ayuda" title="Preguntas frecuentes">
        Lo que más nos preguntan sobre {BRAND.name}. Toca una pregunta para ver la respuesta.
      </PageHeader>

      <section aria-label="Preguntas" className="flex flex-col gap-3">
        {questions(rulesFor()).map((item) => (
          <details key={item.id} id={item.id} className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 open:ring-brand-600">
            <summary className="flex min-h-14 cursor-pointer list-none items-center gap-3 rounded-2xl px-4 py-3 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden">
              <span className="flex-1">{item.question}</span>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180" fill="currentColor">
                <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
              </svg>
            </summary>
            <div className="flex flex-col gap-2 px-4 pb-4 text-sm leading-relaxed text-slate-700">{item.answer}</div>
          </details>
        ))}
      </section>

      <aside className="flex flex-col items-start gap-3 rounded-2xl bg-brand-800 p-5 text-white">
        <p className="font-bold">¿No encontraste tu respuesta?</p>
        <p className="text-sm text-brand-100">Escríbenos y te respondemos en menos de {CONTACT_REPLY_HOURS} horas.</p>
        <AppLink to="/contactanos" className="inline-flex min-h-11 items-center rounded-full bg-gold-400 px-5 text-sm font-bold text-slate-900 hover:bg-amber-300">
          Contáctanos
        </AppLink>
      </aside>
    </div>
  );
}

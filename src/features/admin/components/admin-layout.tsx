import { Link, Outlet } from '@tanstack/react-router';

export const ADMIN_SCREENS = [
  { to: '/admin/create', label: 'Crear quiniela', description: 'Nombre, semana, cierre y partidos de una nueva quiniela.' },
  { to: '/admin/edit', label: 'Capturar resultados', description: 'Resultados por partido y cierre final de la quiniela.' },
  { to: '/admin/daily-game', label: 'Crear Boost', description: 'El juego diario: pregunta, tipo, equipos y puntos.' },
  { to: '/admin/daily-scores', label: 'Calificar Boost', description: 'Respuesta correcta y puntos de un juego diario.' },
  { to: '/admin/simulate-scores', label: 'Simular puntuaciones', description: 'Lo que sumaría cada jugador con los resultados capturados.' },
  { to: '/admin/ver-picks', label: 'Ver predicciones de un jugador', description: 'Las predicciones de un jugador por nombre de usuario.' },
  { to: '/admin/trigger-emails', label: 'Correos de puntuación', description: 'Envía a cada jugador sus puntos de una quiniela.' },
  { to: '/admin/quinielazo-reminder', label: 'Recordatorio', description: 'Recuerda la quiniela a quien aún no completa sus predicciones.' },
  { to: '/admin/enviar-emails', label: 'Correo personalizado', description: 'Un correo a una lista de destinatarios con {{username}}.' },
  { to: '/admin/analytics', label: 'Analíticas', description: 'Usuarios activos, registros y referidos de 30 días.' },
  { to: '/admin/encuestas', label: 'Encuestas', description: 'Crea, abre y cierra la encuesta; lee las respuestas.' },
] as const;

/** Admin frame: wider than the player screens (admins work on a desktop), nav on the side. */
export function AdminLayout() {
  return (
    // Breaks out of the player-width main column up to 72rem, centred.
    <div className="relative ml-[calc((100%-min(72rem,100vw-2rem))/2)] w-[min(72rem,100vw-2rem)]">
      <div className="flex flex-col gap-6 lg:flex-row">
        <nav aria-label="Administración" className="lg:w-56 lg:shrink-0">
          <ul className="flex gap-2 overflow-x-auto pb-1 text-sm lg:sticky lg:top-20 lg:flex-col lg:gap-1 lg:overflow-visible">
            <li>
              <Link
                to="/admin"
                activeOptions={{ exact: true }}
                className="block whitespace-nowrap rounded-lg px-3 py-2 font-semibold text-slate-700 hover:bg-slate-100"
                activeProps={{ className: 'bg-brand-50 text-brand-800' }}
              >
                Panel
              </Link>
            </li>
            {ADMIN_SCREENS.map((s) => (
              <li key={s.to}>
                <Link
                  to={s.to}
                  className="block whitespace-nowrap rounded-lg px-3 py-2 font-semibold text-slate-700 hover:bg-slate-100"
                  activeProps={{ className: 'bg-brand-50 text-brand-800' }}
                >
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

// /privacidad: terms of use and privacy notice in the seven sections of docs/product.md#faq-contact-and-privacy. It
// describes what the app really stores (see docs/decisions/screens.md, "Public pages"); a change to
// what is collected should change this page and its date.
import type { ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { BRAND } from '@/lib/brand';
import { CONTACT_EMAIL, CONTACT_REPLY_HOURS } from '../contact';

const LAST_UPDATED = '21 de noviembre de 2026';
const linkClass = 'font-semibold text-brand-700 underline underline-offset-2';

const SECTIONS: Array<{ id: string; title: string; body: ReactNode }> = [
  {
    id: 'aceptacion',
    title: 'Aceptación de los términos',
    body: (
      <>
        <p>
          Al crear una cuenta o usar {BRAND.name} aceptas estos términos y este aviso de privacidad. Si no estás de acuerdo con ellos, no uses el servicio.
        </p>
        <p>
          Para registrarte debes ser mayor de 18 años y residir en México. {BRAND.name} es un juego de predicciones gratuito: no es una casa de apuestas ni un sorteo, y
          no necesitas pagar para participar ni para ganar premios.
        </p>
      </>
    ),
  },
  {
    id: 'uso',
    title: 'Uso de la plataforma',
    body: (
      <ul className="list-disc space-y-1.5 pl-5">
        <li>Se permite una sola cuenta por persona. Eres responsable de mantener segura tu contraseña y de la actividad de tu cuenta.</li>
        <li>
          Las cuentas múltiples, los programas automatizados, la manipulación de resultados o de referidos y cualquier actividad sospechosa llevan a la descalificación,
          a la pérdida de puntos y premios y, en su caso, a la suspensión de la cuenta.
        </li>
        <li>Tu nombre de usuario se muestra en la tabla de posiciones y en el chat; no uses nombres ni mensajes ofensivos, discriminatorios o que suplanten a otra persona.</li>
        <li>
          Los puntos, bonos y premios se calculan según las{' '}
          <AppLink to="/rules" className={linkClass}>
            reglas del juego
          </AppLink>
          . Para cobrar un premio confirmaremos tu identidad y tu mayoría de edad; el pago se hace a una cuenta bancaria a tu nombre.
        </li>
        <li>Podemos corregir resultados capturados por error y recalcular las puntuaciones afectadas. El servicio se ofrece tal cual y puede interrumpirse por mantenimiento.</li>
        <li>Las ofertas de socios que aparecen en la app son de terceros, opcionales y solo para mayores de 18 años; su uso se rige por los términos de cada socio.</li>
      </ul>
    ),
  },
  {
    id: 'propiedad-intelectual',
    title: 'Propiedad intelectual',
    body: (
      <p>
        La marca {BRAND.name}, el diseño de la app, sus textos, gráficos y código son de {BRAND.name} o de sus licenciantes y no pueden copiarse ni usarse sin
        autorización. Los nombres y escudos de clubes y ligas pertenecen a sus respectivos titulares y se usan solo para identificar los partidos; {BRAND.name} no está
        afiliado a ellos. Lo que publiques en el chat sigue siendo tuyo, pero nos autorizas a mostrarlo dentro de la app.
      </p>
    ),
  },
  {
    id: 'datos',
    title: 'Recopilación de datos',
    body: (
      <>
        <p>Tratamos tus datos personales conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares (LFPDPPP). Recopilamos:</p>
        <ul className="list-disc space-y-1.5 pl-5">
          <li>Datos de cuenta: correo electrónico, nombre de usuario, contraseña (guardada cifrada), club favorito, código de referido y quién te invitó.</li>
          <li>Datos de juego: tus predicciones, respuestas del Boost, puntos, posiciones, votos en encuestas y mensajes de chat.</li>
          <li>Preferencias de correo y notificaciones.</li>
          <li>Solo si ganas un premio: nombre completo, identificación oficial y datos bancarios para pagarte.</li>
          <li>Los mensajes que nos envías por el formulario de contacto.</li>
        </ul>
        <p>
          Los usamos para operar el juego y la tabla de posiciones, enviarte los correos que elijas (confirmación, recordatorios, resultados), pagar premios, prevenir el
          fraude y mejorar el servicio. No vendemos tus datos. Los compartimos solo con los proveedores que alojan la app, la base de datos y el envío de correos, y con
          las autoridades cuando la ley lo exija.
        </p>
        <p>
          Puedes ejercer tus derechos de acceso, rectificación, cancelación y oposición (ARCO), o revocar tu consentimiento, escribiendo a{' '}
          <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
            {CONTACT_EMAIL}
          </a>
          . Conservamos tus datos mientras tengas una cuenta activa y el tiempo que exijan las obligaciones fiscales de los premios pagados.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies y analítica',
    body: (
      <>
        <p>
          {BRAND.name} no usa cookies publicitarias propias. La app guarda en tu navegador lo necesario para funcionar: tu sesión, el código de la persona que te
          invitó, tus predicciones pendientes de enviar cuando no tienes conexión y una copia de la app para que abra rápido y sin internet.
        </p>
        <p>
          Para mejorar el juego registramos, solo de usuarios con sesión iniciada, qué pantallas visitan y algunos clics dentro de la app. No registramos la actividad de
          los visitantes sin cuenta. Los sitios de socios a los que llegues desde una oferta pueden usar sus propias cookies.
        </p>
        <p>Puedes borrar estos datos desde la configuración de tu navegador; si lo haces, tendrás que volver a iniciar sesión.</p>
      </>
    ),
  },
  {
    id: 'cambios',
    title: 'Cambios a la política',
    body: (
      <p>
        Podemos actualizar estos términos y este aviso de privacidad. Publicaremos la nueva versión en esta página con su fecha de actualización y, si el cambio es
        importante, te avisaremos por correo antes de que entre en vigor. Seguir usando {BRAND.name} después de esa fecha significa que aceptas la nueva versión.
      </p>
    ),
  },
  {
    id: 'contacto',
    title: 'Contacto',
    body: (
      <p>
        Para cualquier duda sobre estos términos, tus datos o tus derechos ARCO, escríbenos a{' '}
        <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
          {CONTACT_EMAIL}
        </a>{' '}
        o usa nuestro{' '}
        <AppLink to="/contactanos" className={linkClass}>
          formulario de contacto
        </AppLink>
        . Te respondemos en menos de {CONTACT_REPLY_HOURS} horas.
      </p>
    ),
  },
];

export function PrivacyPage() {
  useDocumentTitle('Términos y privacidad');
  return (
    <article className="flex flex-col gap-5">
      <PageHeader eyebrow="Legal" title="Términos y aviso de privacidad">
        Última actualización: {LAST_UPDATED}.
      </PageHeader>

      <nav aria-label="Secciones" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <ol className="grid list-decimal gap-1 pl-5 text-sm marker:font-semibold marker:text-brand-700">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="inline-flex min-h-9 items-center text-slate-700 hover:text-brand-700 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {SECTIONS.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-titulo`} className="scroll-mt-20 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id={`${section.id}-titulo`} className="mb-2 text-lg font-bold">
            {index + 1}. {section.title}
          </h2>
          <div className="flex flex-col gap-2 text-sm leading-relaxed text-slate-700">{section.body}</div>
        </section>
      ))}
    </article>
  );
}

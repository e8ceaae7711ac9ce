// /contactanos: the contact form, the promised reply time (docs/product.md#faq-contact-and-privacy: 12 hours) and where
// else answers live.
import { AppLink } from '@/components/ui/app-link';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { CONTACT_EMAIL, CONTACT_REPLY_HOURS } from '../contact';
import { ContactForm } from './contact-form';

export function ContactPage() {
  useDocumentTitle('Contáctanos');
  return (
    <div className="flex flex-col gap-5">
      <PageHeader eyebrow="Contacto" title="Contáctanos">
        ¿Tienes dudas, sugerencias o un problema con tu cuenta? Escríbenos y te respondemos en menos de {CONTACT_REPLY_HOURS} horas.
      </PageHeader>

      <section aria-label="Escríbenos" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <ContactForm />
      </section>

      <aside className="flex flex-col gap-2 rounded-2xl bg-brand-50 p-5 text-sm text-slate-700 ring-1 ring-brand-100">
        <p className="font-semibold text-brand-900">Respuesta en menos de {CONTACT_REPLY_HOURS} horas</p>
        <p>
          También puedes escribirnos directamente a{' '}
          <a href={`mailto:${CONTACT_EMAIL}`} className="font-semibold text-brand-700 underline underline-offset-2">
            {CONTACT_EMAIL}
          </a>
          .
        </p>
        <p>
          Muchas respuestas ya están en las{' '}
          <AppLink to="/faq" className="font-semibold text-brand-700 underline underline-offset-2">
            preguntas frecuentes
          </AppLink>{' '}
          y en las{' '}
          <AppLink to="/rules" className="font-semibold text-brand-700 underline underline-offset-2">
            reglas del juego
          </AppLink>
          .
        </p>
      </aside>
    </div>
  );
}

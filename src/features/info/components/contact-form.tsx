// The contact form: name, e-mail and message, all required. Errors sit next to their field;
// a failed send keeps everything typed so the visitor can try again; a sent message clears it.
import { useRef, useState, type FormEvent } from 'react';
import { FormControls } from '@/components/ui/form-controls';
import { Button } from '@/components/ui/button';
import { Field, FormMessage } from '@/components/ui/field';
import { TextareaField } from '@/components/ui/textarea-field';
import { useSending } from '@/lib/use-sending';
import { ContactRefusedError, sendContactMessage } from '../api/send-contact-message';
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGES, normalizeContact, validateContact, type ContactErrors, type ContactInput } from '../contact-validation';

const FIELD_ORDER: Array<keyof ContactInput> = ['name', 'email', 'message'];
const EMPTY: ContactInput = { name: '', email: '', message: '' };

type Outcome = { tone: 'error' | 'success'; text: string } | null;

export function ContactForm() {
  const [values, setValues] = useState<ContactInput>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const { sending: busy, send } = useSending();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const formRef = useRef<HTMLFormElement>(null);

  function update(field: keyof ContactInput, value: string) {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    const firstInvalid = FIELD_ORDER.find((field) => found[field]);
    if (firstInvalid) {
      setOutcome(null);
      // Take the visitor to the first field to fix.
      (formRef.current?.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
      return;
    }
    setOutcome(null);
    await send(async () => {
      try {
        await sendContactMessage(normalizeContact(values));
        setValues(EMPTY);
        setOutcome({ tone: 'success', text: CONTACT_MESSAGES.sent });
      } catch (e) {
        setOutcome({ tone: 'error', text: e instanceof ContactRefusedError ? `❌ ${e.message}` : CONTACT_MESSAGES.failed });
      }
    });
  }

  const remaining = CONTACT_MESSAGE_MAX - values.message.trim().length;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Formulario de contacto" className="flex flex-col gap-4">
      <FormControls>
        <Field
          label="Nombre"
          name="name"
          autoComplete="name"
          required
          value={values.name}
          error={errors.name}
          onChange={(e) => update('name', e.target.value)}
        />
        <Field
          label="Correo electrónico"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={values.email}
          error={errors.email}
          hint={errors.email ? undefined : 'Te responderemos a este correo.'}
          onChange={(e) => update('email', e.target.value)}
        />
        <TextareaField
          label="Mensaje"
          name="message"
          required
          rows={6}
          placeholder="Cuéntanos en qué te podemos ayudar"
          value={values.message}
          error={errors.message}
          hint={remaining < 0 ? `Sobran ${-remaining} caracteres: el máximo es ${CONTACT_MESSAGE_MAX}.` : remaining < 500 ? `Te quedan ${remaining} caracteres.` : undefined}
          onChange={(e) => update('message', e.target.value)}
        />
        {outcome ? <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage> : null}
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? 'Enviando…' : 'Enviar mensaje'}
        </Button>
      </FormControls>
    </form>
  );
}

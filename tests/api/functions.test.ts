import { describe, expect, it, inject } from 'vitest';
import { anonClient, uniqueEmail } from '../support/clients.ts';
import { waitForMail } from '../support/inbox.ts';

describe('functions host', () => {
  it('round-trips a function call through supabase-js: the contact message reaches the team inbox', async () => {
    const from = uniqueEmail('visitante');
    const { data, error } = await anonClient().functions.invoke('send-contact-email', {
      body: { name: 'Lupita Ramírez', email: ` ${from.toUpperCase()} `, message: '¿Cuándo pagan el premio mensual?' },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true, message: '✅ Mensaje enviado. ¡Gracias por contactarnos!' });
    const mail = await waitForMail('contacto@quinielazo.mx', { subject: 'Lupita Ramírez' });
    expect(mail.body.text).toContain(from);
    expect(mail.body.html).toContain('¿Cuándo pagan el premio mensual?');
  });

  it('answers bad input with a Spanish 400, not a crash', async () => {
    const r = await fetch(`${inject('apiUrl')}/functions/v1/send-contact-email`, {
      method: 'POST',
      headers: { authorization: `Bearer ${inject('anonKey')}`, 'content-type': 'application/json' },
      body: '{"name":"Ana","email":"sin-arroba","message":"hola"}',
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ error: 'Correo inválido' });
    const broken = await fetch(`${inject('apiUrl')}/functions/v1/send-contact-email`, {
      method: 'POST',
      headers: { authorization: `Bearer ${inject('anonKey')}`, 'content-type': 'application/json' },
      body: 'not json',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: 'Todos los campos son obligatorios' });
  });

  it('requires a valid JWT, as hosted Supabase does', async () => {
    const url = `${inject('apiUrl')}/functions/v1/send-contact-email`;
    expect((await fetch(url, { method: 'POST' })).status).toBe(401);
    expect((await fetch(url, { method: 'POST', headers: { authorization: 'Bearer not.a.jwt' } })).status).toBe(401);
  });

  it('answers 404 for an unknown function name', async () => {
    const r = await fetch(`${inject('apiUrl')}/functions/v1/no-existe`, { method: 'POST', headers: { authorization: `Bearer ${inject('anonKey')}` } });
    expect(r.status).toBe(404);
  });
});

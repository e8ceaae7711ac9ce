// "Invitar por WhatsApp" and "Copiar enlace" for a liga's invitation link: the phone's share
// sheet where the browser has the Web Share API (WhatsApp is one tap in it), WhatsApp's own link
// otherwise; each says what happened.
import { useState } from 'react';
import { track } from '@/lib/activity';
import { WHATSAPP_BUTTON } from '@/components/ui/button';
import { leagueInviteText, leagueInviteUrl, whatsappShareUrl } from '../league-rules';

export function InviteButtons({ name, code }: { name: string; code: string }) {
  const [note, setNote] = useState<string | null>(null);
  const link = leagueInviteUrl(window.location.origin, code);
  const text = leagueInviteText(name);

  async function share() {
    track('cta_click', { cta: 'share_league' });
    if (typeof navigator.share !== 'function') {
      window.open(whatsappShareUrl(text, link), '_blank', 'noopener');
      return;
    }
    try {
      await navigator.share({ title: name, text, url: link });
    } catch (error) {
      // Closing the share sheet is not an error worth a message.
      if ((error as DOMException).name !== 'AbortError') setNote('No se pudo compartir. Copia el enlace.');
    }
  }

  async function copy() {
    track('cta_click', { cta: 'copy_league' });
    try {
      await navigator.clipboard.writeText(link);
      setNote('¡Enlace copiado!');
    } catch {
      setNote('No se pudo copiar: mantén presionado el enlace para copiarlo.');
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <label className="flex flex-col gap-1 text-xs font-semibold text-slate-600">
        Enlace de invitación
        <input readOnly value={link} onFocus={(e) => e.currentTarget.select()} className="min-h-11 rounded-xl border border-slate-300 bg-slate-50 px-3 text-sm font-normal text-slate-900" />
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={() => void share()} className={WHATSAPP_BUTTON}>
          Invitar por WhatsApp
        </button>
        <button type="button" onClick={() => void copy()} className="inline-flex min-h-11 flex-1 items-center justify-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100">
          Copiar enlace
        </button>
      </div>
      <p role="status" className="min-h-5 text-sm font-semibold text-brand-700">
        {note}
      </p>
    </div>
  );
}

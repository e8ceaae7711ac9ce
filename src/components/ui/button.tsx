import type { ButtonHTMLAttributes } from 'react';

export function Button({ className = '', type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={`inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-50 ${className}`}
      {...props}
    />
  );
}

/** WhatsApp's buttons and links (a liga's and a referral's invitation): a darker shade of its
 * green, so white text on it reads at 5.9:1 (WCAG AA asks 4.5:1; the liga's #1f8f4e read 4.1:1). */
export const WHATSAPP_BUTTON = 'inline-flex min-h-11 flex-1 items-center justify-center rounded-full bg-[#18733e] px-4 text-sm font-semibold text-white hover:bg-[#145f33]';

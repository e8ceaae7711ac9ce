import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '@/features/info/components/contact-page';

export const Route = createFileRoute('/contactanos')({
  component: ContactPage,
});

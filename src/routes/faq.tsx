import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '@/features/info/components/faq-page';

export const Route = createFileRoute('/faq')({
  component: FaqPage,
});

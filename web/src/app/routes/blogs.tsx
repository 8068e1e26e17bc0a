import { Faq } from '@/features/blogs/components/faq.tsx';

export function Component() {
  return <Faq />;
}

import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's sm breakpoint (48em): tables turn into cards, label–value pairs stack. */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 47.99em)') ?? false;
}

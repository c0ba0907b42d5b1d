import { useTranslation } from 'react-i18next';

import { useFormat } from '../../i18n/useFormat';

/** A file's size in KB or MB, the number in the reader's own notation (1.5 MB, 1,5 Mo). */
export function useFormatSize() {
  const { t } = useTranslation('moments');
  const { number } = useFormat();
  return (bytes: number): string => {
    if (bytes < 1024 * 1024) return t('size.kb', { size: number(Math.max(1, Math.round(bytes / 1024)), { useGrouping: false }) });
    return t('size.mb', { size: number(bytes / (1024 * 1024), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }) });
  };
}

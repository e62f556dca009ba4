import { useEffect, useState } from 'react';
import { useTranslation } from '@trungtam/shared/i18n';
import { ArrowUpIcon } from '@trungtam/shared/icons';

/** Theme values of spec point 9: appears after 200 px of scrolling. */
export const SCROLL_TOP_THRESHOLD = 200;

export function ScrollTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button type="button" className="frame-scroll-top" aria-label={t('common.scrollTop')} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
      <ArrowUpIcon />
    </button>
  );
}

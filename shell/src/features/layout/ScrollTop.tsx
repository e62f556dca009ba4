import { useEffect, useState } from 'react';
import { useTranslation } from '@trungtam/shared/i18n';
import { ArrowUpIcon } from '@trungtam/shared/icons';

/** Theme values: appears after 200 px of scrolling. */
export const SCROLL_TOP_THRESHOLD = 200;

export function ScrollTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    // (the position a reload restored, read once the page is laid out: read now, it made the browser lay
    // out the whole page inside the first render's commit)
    const check = window.setTimeout(onScroll, 0);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.clearTimeout(check);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  if (!visible) return null;
  return (
    <button type="button" className="frame-scroll-top" aria-label={t('common.scrollTop')} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
      <ArrowUpIcon />
    </button>
  );
}

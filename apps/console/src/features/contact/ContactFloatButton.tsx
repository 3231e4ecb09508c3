import { CustomerServiceOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

// The dialog loads when first opened: the button is on the sign-in page, the dialog rarely is.
const ContactDialog = lazy(() => import('./ContactDialog.tsx').then((m) => ({ default: m.ContactDialog })));

const EDGE_PX = 24;

/**
 * The floating contact button (spec §2): hidden on mobile; bottom-right, or bottom-left inside
 * /wel, where the bottom-right corner belongs to the pages' own controls (pagination, drawers).
 */
export function ContactFloatButton() {
  const { t } = useTranslation();
  const { mobile } = useRuntime();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // The remote viewer gives the whole window to the remote display (features/remote).
  if (mobile || pathname.startsWith('/remote/')) return null;
  const insideWel = pathname === '/wel' || pathname.startsWith('/wel/');
  return (
    <>
      <FloatButton
        icon={<CustomerServiceOutlined />}
        tooltip={t('contact.open')}
        aria-label={t('contact.open')}
        onClick={() => setOpen(true)}
        style={insideWel ? { insetInlineStart: EDGE_PX, insetInlineEnd: 'auto', bottom: EDGE_PX } : { insetInlineEnd: EDGE_PX, bottom: EDGE_PX }}
        data-testid="contact-float"
        data-placement={insideWel ? 'bottom-left' : 'bottom-right'}
      />
      {open ? (
        <Suspense fallback={null}>
          <ContactDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

import { ContactFloatButton } from '../features/contact/index.ts';
import { AntdNotices } from './AntdNotices.tsx';
import { AntdProvider } from './AntdProvider.tsx';

/**
 * What every page has and antd draws: the notices (lib/notices.ts) and the floating contact
 * button. Loaded once the page has shown (router.tsx), or at once when a notice waits for it.
 */
export default function AntdExtras() {
  return (
    <AntdProvider>
      <AntdNotices />
      <ContactFloatButton />
    </AntdProvider>
  );
}

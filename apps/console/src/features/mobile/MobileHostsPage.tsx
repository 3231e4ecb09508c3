import { useTranslation } from 'react-i18next';
import { deferred } from '../../lib/deferred.tsx';
import { loadHostsView } from '../remote/index.ts';
import { MobilePage } from './MobilePage.tsx';
import { mobilePaths } from './mobilePaths.ts';

// The hosts page's own view, fetched with this page (features/remote).
const HostsView = deferred(loadHostsView);

/** /mobile/hosts: the team's hosts and the remote runs to watch, as /wel/account/hosts shows them. */
export default function MobileHostsPage() {
  const { t } = useTranslation();
  return (
    <MobilePage title={t('hosts.title')} back={mobilePaths.my} testId="mobile-hosts">
      <HostsView />
    </MobilePage>
  );
}

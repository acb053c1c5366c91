/**
 * Everything behind sign-in, loaded after the login page: the layout, the guarded remote pages and the
 * not-found page. They use the full UI module, which the login page therefore does not load.
 */
import type { Permission } from '@crm/shared/access';
import { Shell } from '../layout/Shell.tsx';
import { RequirePermission } from '../routing/guards.tsx';
import { RemotePage } from '../routing/RemotePage.tsx';

export { NotFoundPage } from '../pages/NotFoundPage.tsx';
export { Shell };

export function GuardedRemotePage({ permission, remote, page }: { permission: Permission; remote: string; page: string }) {
  return (
    <RequirePermission permission={permission}>
      <RemotePage remote={remote} page={page} />
    </RequirePermission>
  );
}

/**
 * Whether this user may send leads (issue 7): the permission `lead.send`, the session's sender flag (only users
 * flagged isSender send; the API refuses the others with a 403), and the lead-settings item "send".
 */
import { leadSettingVisible, useAccess, useAppSelector } from '@crm/shared';
import { autoDistributePermission } from '@crm/shared/contract';

export function useMaySend(): boolean {
  const { can, permissions } = useAccess();
  const isSender = useAppSelector((state) => state.session.isSender);
  return isSender && can('lead.send') && leadSettingVisible(permissions, 'send');
}

/** Whether this user may ask for leads to be distributed as they are saved (issue 33): the send's permission and the sender flag, as the API checks. */
export function useMayAutoDistribute(): boolean {
  const { can } = useAccess();
  const isSender = useAppSelector((state) => state.session.isSender);
  return isSender && can(autoDistributePermission);
}

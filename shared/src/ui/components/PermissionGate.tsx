import type { ReactNode } from 'react';
import type { PermissionRule } from '@crm/shared/contract';
import { useAccess } from '@crm/shared';

/** Renders its children only for a user holding the rule. */
export function PermissionGate({ rule, children, fallback = null }: { rule: PermissionRule; children: ReactNode; fallback?: ReactNode }) {
  const { can } = useAccess();
  return <>{can(rule) ? children : fallback}</>;
}

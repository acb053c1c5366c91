/**
 * The brokers one may send to (option list brokersForSend) and the departments of the chosen one (option list
 * brokerDepartments), labelled as every picker labels them. Each list loads only for a user holding its gate, and is
 * fetched again when a picker appears: a broker or department set up a moment ago is offered at once.
 */
import { useMemo } from 'react';
import { brokerDepartmentLabel, brokerLabel, useOptionList } from '@crm/shared';
import type { BrokerDepartmentOption, BrokerOption } from '@crm/shared/contract';
import type { Choice } from '../../../leads/hooks/useLeadChoices.ts';

type Choices = { choices: Choice[]; loading: boolean; /** The user may load the list. */ available: boolean };

export function useSendBrokerChoices(): Choices {
  const list = useOptionList<BrokerOption>('brokersForSend', { refetchOnMount: true });
  const choices = useMemo(() => list.data.map((broker) => ({ value: broker.id, label: brokerLabel(broker) })), [list.data]);
  return { choices, loading: list.loading, available: list.available };
}

/** The departments of `brokerId` (none before a broker is chosen). */
export function useSendDepartmentChoices(brokerId: number | null): Choices {
  const list = useOptionList<BrokerDepartmentOption>('brokerDepartments', { refetchOnMount: true });
  const choices = useMemo(
    () =>
      brokerId === null
        ? []
        : list.data.filter((department) => department.broker_id.id === brokerId).map((department) => ({ value: department.id, label: brokerDepartmentLabel(department) })),
    [brokerId, list.data],
  );
  return { choices, loading: list.loading, available: list.available };
}

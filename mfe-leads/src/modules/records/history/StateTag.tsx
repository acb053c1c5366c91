import { useTranslation } from 'react-i18next';
import { Tag } from '@crm/shared/ui';
import type { SendState } from '@crm/shared/contract';

const colors: Record<SendState, string> = { queued: 'default', sending: 'processing', success: 'success', failure: 'error' };

/** The outcome of one send attempt as a coloured badge. */
export function StateTag({ state, testId }: { state: SendState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[state]} data-testid={testId} data-state={state}>
      {t(`leads:leads.history.states.${state}`)}
    </Tag>
  );
}

/** The departments list's "hours and caps" action: the department's hours and its caps, a tab each, in one dialog. */
import { useTranslation } from 'react-i18next';
import { Modal, Tabs } from '@crm/shared/ui';
import { CapsForm } from './CapsForm.tsx';
import { HoursForm } from './HoursForm.tsx';

type Props = { departmentId: number; title: string; onClose(): void };

export function DepartmentLimitsDialog({ departmentId, title, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open title={`${t('brokers:limits.title')} — ${title}`} onCancel={onClose} footer={null} width={860}>
      <Tabs
        items={[
          { key: 'hours', label: t('brokers:limits.tabs.hours'), children: <HoursForm departmentId={departmentId} /> },
          { key: 'caps', label: t('brokers:limits.tabs.caps'), children: <CapsForm departmentId={departmentId} /> },
        ]}
      />
    </Modal>
  );
}

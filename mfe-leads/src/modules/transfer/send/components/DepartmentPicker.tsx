/**
 * Where leads are sent: a broker (brokersForSend), then one of its departments (brokerDepartments). Used by the
 * send dialog and by the import's "import then send". A server message about the department shows under it.
 */
import { useTranslation } from 'react-i18next';
import { Col, Form, Row, Select } from '@crm/shared/ui';
import { useSendBrokerChoices, useSendDepartmentChoices } from '../hooks/useSendTargets.ts';
import type { SendTarget } from '../sendRequest.ts';

type DepartmentPickerProps = {
  value: SendTarget;
  onChange(value: SendTarget): void;
  /** The first message the API gave for `broker_department_id` (or `send_department_id`). */
  departmentError?: string | undefined;
  disabled?: boolean;
  /** `lead-send` gives the test ids `lead-send-broker` and `lead-send-department`. */
  testIdPrefix: string;
};

export function DepartmentPicker({ value, onChange, departmentError, disabled = false, testIdPrefix }: DepartmentPickerProps) {
  const { t } = useTranslation('leads');
  const brokers = useSendBrokerChoices();
  const departments = useSendDepartmentChoices(value.brokerId);
  const errorProps = departmentError ? { help: departmentError, validateStatus: 'error' as const } : {};

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label={t('leads.send.broker')} extra={brokers.available ? undefined : t('leads.send.brokersUnavailable')} data-testid={`${testIdPrefix}-broker`}>
          <Select<number>
            aria-label={t('leads.send.broker')}
            showSearch={{ optionFilterProp: 'label' }}
            disabled={disabled}
            loading={brokers.loading}
            options={brokers.choices}
            placeholder={t('leads.send.chooseBroker')}
            notFoundContent={t('leads.send.noBrokers')}
            value={value.brokerId ?? undefined}
            // Another broker's departments are not this one's: the department is chosen again.
            onChange={(brokerId) => onChange({ brokerId: brokerId ?? null, departmentId: null })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label={t('leads.send.department')}
          extra={departments.available ? undefined : t('leads.send.departmentsUnavailable')}
          data-testid={`${testIdPrefix}-department`}
          {...errorProps}
        >
          <Select<number>
            aria-label={t('leads.send.department')}
            showSearch={{ optionFilterProp: 'label' }}
            disabled={disabled || value.brokerId === null}
            loading={departments.loading}
            options={departments.choices}
            placeholder={value.brokerId === null ? t('leads.send.chooseBrokerFirst') : t('leads.send.chooseDepartment')}
            notFoundContent={t('leads.send.noDepartments')}
            value={value.departmentId ?? undefined}
            onChange={(departmentId) => onChange({ ...value, departmentId: departmentId ?? null })}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
